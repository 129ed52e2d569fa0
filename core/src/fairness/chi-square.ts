/**
 * Pearson's chi-square goodness-of-fit against a uniform distribution, for the statistical tests of
 * the shuffle: the statistic and its upper-tail probability (Wilson–Hilferty's normal
 * approximation, accurate to about 1e-3 for the degrees of freedom used here, 31 and more).
 */

/** Σ (observed − expected)² / expected, every cell expecting `expected`. */
export function chiSquareUniform(observed: ArrayLike<number>, expected: number): number {
  let sum = 0;
  for (let i = 0; i < observed.length; i++) {
    const d = observed[i]! - expected;
    sum += (d * d) / expected;
  }
  return sum;
}

/** P(X ≥ statistic) for X chi-square distributed with `df` degrees of freedom. */
export function chiSquareUpperTail(statistic: number, df: number): number {
  if (statistic <= 0) return 1;
  const v = 2 / (9 * df);
  const z = (Math.cbrt(statistic / df) - (1 - v)) / Math.sqrt(v);
  return 1 - normalCdf(z);
}

/** The standard normal distribution function (Abramowitz–Stegun 7.1.26 via erf, error < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
