/**
 * TON Connect's app manifest (README "TON Connect"): wallets fetch it to show who asks to connect. It
 * lives at the site's root, outside /api/v1, at a URL that never changes, since wallets keep it with
 * each connection. Its icon is drawn here as a PNG because wallets do not show SVG icons.
 */
import { deflateSync, crc32 } from 'node:zlib';
import type Koa from 'koa';

export const MANIFEST_PATH = '/tonconnect-manifest.json';
export const ICON_PATH = '/tonconnect-icon.png';
const ICON_SIZE = 180;

export interface TonConnectManifest {
  url: string;
  name: string;
  iconUrl: string;
}

/** The manifest for an app at `appUrl` whose api answers at `apiUrl` (both absolute, no trailing slash). */
export function tonConnectManifest(appUrl: string, apiUrl: string): TonConnectManifest {
  return { url: appUrl, name: 'Svara', iconUrl: `${apiUrl}${ICON_PATH}` };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The app's mark (index.html's favicon without its letter): a gold ring and disc on the table's green. */
export function iconPng(size = ICON_SIZE): Buffer {
  const green = [0x0b, 0x28, 0x18];
  const gold = [0xd4, 0xa9, 0x42];
  const light = [0xe6, 0xc3, 0x6a];
  const rows: Buffer[] = [];
  const c = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - c, y - c) / size;
      const color = r < 0.17 ? light : r > 0.36 && r < 0.44 ? gold : green;
      row.set(color, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Serves the manifest and its icon. `appUrl` is MINIAPP_URL, `apiUrl` PUBLIC_URL; without them (development)
 * the request's own origin stands for both, which is where the app and the api answer then.
 */
export function tonConnectManifestRoute(options: {
  appUrl: string | null;
  apiUrl: string | null;
}): Koa.Middleware {
  const icon = iconPng();
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === MANIFEST_PATH) {
      const origin = ctx.origin;
      ctx.body = tonConnectManifest(
        (options.appUrl ?? origin).replace(/\/+$/, ''),
        (options.apiUrl ?? origin).replace(/\/+$/, ''),
      );
      // Wallets fetch it cross-origin (README "TON Connect").
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.set('Cache-Control', 'public, max-age=300');
      return;
    }
    if (ctx.path === ICON_PATH) {
      ctx.type = 'image/png';
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.set('Cache-Control', 'public, max-age=86400');
      ctx.body = icon;
      return;
    }
    return next();
  };
}
