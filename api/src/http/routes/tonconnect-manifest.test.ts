import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test-support/http.js';
import { iconPng } from './tonconnect-manifest.js';

const api = useTestServer({
  env: { MINIAPP_URL: 'https://app.svara.test/', PUBLIC_URL: 'https://api.svara.test' },
});

describe('GET /tonconnect-manifest.json', () => {
  it('names the app, its URL and an absolute icon URL, readable from any origin', async () => {
    const response = await fetch(`${api.baseUrl}/tonconnect-manifest.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({
      url: 'https://app.svara.test',
      name: 'Svara',
      iconUrl: 'https://api.svara.test/tonconnect-icon.png',
    });
  });

  it('serves the icon it names as a PNG', async () => {
    const response = await fetch(`${api.baseUrl}/tonconnect-icon.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(180);
    expect(bytes.readUInt32BE(20)).toBe(180);
  });
});

describe('iconPng', () => {
  it('holds every row of the picture: a filter byte and three bytes a pixel', () => {
    const png = iconPng(10);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe(10 * (1 + 10 * 3));
  });
});
