/** Latency figures computed exactly from every recorded sample (sorted), in milliseconds. */
export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of ascending samples: the smallest value with at least p% of samples at or below it. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

export function summarize(samples: readonly number[]): LatencySummary {
  if (samples.length === 0)
    return { count: 0, p50: Number.NaN, p90: Number.NaN, p99: Number.NaN, max: Number.NaN, mean: Number.NaN };
  const sorted = Float64Array.from(samples).sort();
  const values = Array.from(sorted);
  let sum = 0;
  for (const value of values) sum += value;
  return {
    count: values.length,
    p50: round(percentile(values, 50)),
    p90: round(percentile(values, 90)),
    p99: round(percentile(values, 99)),
    max: round(values[values.length - 1] as number),
    mean: round(sum / values.length),
  };
}
