// Small statistics for benchmark figures.
import { performance } from 'node:perf_hooks';

/** The value below which p % of the sorted values fall. */
export const percentile = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '–');

/** Runs `total` calls with `concurrency` in flight; latency percentiles and throughput. */
export const load = async (label, { total, concurrency, call }) => {
  const durations = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next += 1;
      const t0 = performance.now();
      const ok = await call();
      durations.push(performance.now() - t0);
      if (!ok) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return {
    label,
    total,
    concurrency,
    failures,
    rps: total / seconds,
    p50: percentile(durations, 50),
    p95: percentile(durations, 95),
    p99: percentile(durations, 99),
  };
};
