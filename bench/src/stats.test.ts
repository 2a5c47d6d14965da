import { describe, expect, it } from 'vitest';
import { percentile, summarize } from './stats.ts';

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('is the nearest-rank value: the smallest sample with p% at or below it', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([7, 8, 9], 50)).toBe(8);
    expect(percentile([7, 8, 9], 99)).toBe(9);
  });

  it('takes the first sample for p = 0 and has no value without samples', () => {
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('summarize', () => {
  it('sorts the samples itself and counts every one', () => {
    const samples = [30, 10, 20, 40, 1000];
    expect(summarize(samples)).toEqual({ count: 5, p50: 30, p90: 1000, p99: 1000, max: 1000, mean: 220 });
    expect(samples).toEqual([30, 10, 20, 40, 1000]);
  });

  it('sorts numerically, not as text', () => {
    expect(summarize([9, 10, 100]).p50).toBe(10);
  });

  it('reports no figures for no samples', () => {
    const empty = summarize([]);
    expect(empty.count).toBe(0);
    expect(empty.p99).toBeNaN();
  });
});
