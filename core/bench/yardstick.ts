/**
 * How fast the machine is right now, by a fixed piece of plain JavaScript that uses no engine code
 * (so it stays the same whatever the engine becomes): ten million rounds of integer mixing over a
 * small typed array, timed at its best of three. On a shared machine the table figures move with
 * it: compare runs by their figures relative to this, not by the figures alone.
 */
export function yardstickMs(): number {
  const a = new Int32Array(64);
  let best = Number.POSITIVE_INFINITY;
  let sink = 0;
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    let x = 0x9e3779b9 | 0;
    for (let i = 0; i < 10_000_000; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      a[i & 63] = (a[(i + 7) & 63]! + x) | 0;
    }
    sink ^= a[0]! ^ a[63]!;
    best = Math.min(best, performance.now() - start);
  }
  // The mixing must be observable, or it could be optimised away.
  if (sink === 0x7fffffff) console.log('');
  return Math.round(best * 10) / 10;
}
