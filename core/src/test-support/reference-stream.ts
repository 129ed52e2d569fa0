/**
 * The fair random source's number stream recomputed independently with node:crypto, following the
 * doc comments of fair-random.ts and shuffle.ts: uint32 values read big-endian from successive
 * HMAC-SHA256(server seed bytes, message(counter)) blocks. Tests compare the engine against it.
 */
import { createHmac } from 'node:crypto';

export function referenceUint32Stream(
  serverSeed: string,
  message: (counter: number) => string,
): () => number {
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset === block.length) {
      block = createHmac('sha256', Buffer.from(serverSeed, 'hex'))
        .update(message(counter++), 'utf8')
        .digest();
      offset = 0;
    }
    const u = block.readUInt32BE(offset);
    offset += 4;
    return u;
  };
}
