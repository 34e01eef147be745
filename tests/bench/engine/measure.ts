export interface Measurement {
  /** Median time of one call, in milliseconds. */
  median: number;
  mean: number;
  p95: number;
  iterations: number;
}

export interface MeasureOptions {
  /** Upper bound on timed calls. */
  maxIterations?: number;
  /** Stop timing after this much wall time (ms). */
  budgetMs?: number;
  warmup?: number;
  /** Runs before timing with the number of calls that will follow (for setup outside the timed part). */
  before?: (count: number) => void;
}

/** Times `fn` call by call after a warm-up; returns median, mean and 95th percentile. */
export function measure(fn: () => void, options: MeasureOptions = {}): Measurement {
  const maxIterations = options.maxIterations ?? 2000;
  const budget = options.budgetMs ?? 1500;
  const warmup = options.warmup ?? Math.min(50, Math.ceil(maxIterations / 10));
  options.before?.(warmup + maxIterations);
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  const started = performance.now();
  while (times.length < maxIterations && performance.now() - started < budget) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)],
    mean: times.reduce((a, b) => a + b, 0) / times.length,
    p95: sorted[Math.floor(sorted.length * 0.95)],
    iterations: times.length,
  };
}

export function formatMicros(m: Measurement): string {
  const us = m.median * 1000;
  return us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us.toFixed(1)} µs`;
}
