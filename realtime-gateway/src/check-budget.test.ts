import { describe, expect, it } from 'vitest';
import { CheckBudget } from './check-budget.ts';

describe('CheckBudget', () => {
  it('grants a burst, then what refills per second, per person', () => {
    let now = 0;
    const budget = new CheckBudget({ burst: 200, perSecond: 20, now: () => now });
    expect(budget.take('ada', 100)).toBe(100);
    expect(budget.take('ada', 150)).toBe(100);
    expect(budget.take('ada', 1)).toBe(0);
    // Another person has a bucket of their own.
    expect(budget.take('bob', 100)).toBe(100);
    now += 500;
    expect(budget.take('ada', 100)).toBe(10);
    now += 60_000;
    expect(budget.take('ada', 500)).toBe(200);
  });

  it('forgets full buckets', () => {
    let now = 0;
    const budget = new CheckBudget({ burst: 10, perSecond: 10, now: () => now });
    budget.take('ada', 10);
    now += 2_000;
    budget.sweep();
    expect(budget.take('ada', 20)).toBe(10);
  });
});
