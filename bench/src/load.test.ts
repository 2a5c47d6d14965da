import { describe, expect, it } from 'vitest';
import { arrivalAt, arrivalsDue, closedLoop, openLoop } from './load.ts';

describe('fixed-rate schedule', () => {
  it('puts arrival i at i / rate seconds', () => {
    expect(arrivalAt(0, 100)).toBe(0);
    expect(arrivalAt(1, 100)).toBe(10);
    expect(arrivalAt(50, 200)).toBe(250);
  });

  it('counts the arrivals due so far, the first one at 0 ms', () => {
    expect(arrivalsDue(-1, 100)).toBe(0);
    expect(arrivalsDue(0, 100)).toBe(1);
    expect(arrivalsDue(9.9, 100)).toBe(1);
    expect(arrivalsDue(10, 100)).toBe(2);
    expect(arrivalsDue(1000, 100)).toBe(101);
    expect(arrivalsDue(500, 0)).toBe(0);
  });

  it('agrees with arrivalAt: arrival i is due exactly from its scheduled time', () => {
    for (const rate of [1, 7, 120, 333]) {
      for (let i = 0; i < 50; i++) {
        expect(arrivalsDue(arrivalAt(i, rate), rate)).toBeGreaterThanOrEqual(i + 1);
        expect(arrivalsDue(arrivalAt(i, rate) - 0.001, rate)).toBe(i);
      }
    }
  });
});

describe('closedLoop', () => {
  it('keeps one request in flight per connection and counts successes, kinds and errors', async () => {
    let inflight = 0;
    let most = 0;
    let n = 0;
    const result = await closedLoop({ connections: 3, warmupMs: 0, durationMs: 60 }, async () => {
      inflight++;
      most = Math.max(most, inflight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inflight--;
      n++;
      return n % 5 === 0 ? { ok: false, error: 'HTTP 500' } : { ok: true, kind: n % 2 === 0 ? 'a' : 'b' };
    });
    expect(most).toBe(3);
    expect(result.connections).toBe(3);
    expect(result.ok).toBeGreaterThan(0);
    expect(result.latency.count).toBe(result.ok);
    expect((result.byKind.a?.count ?? 0) + (result.byKind.b?.count ?? 0)).toBe(result.ok);
    expect(result.errors['HTTP 500']).toBeGreaterThan(0);
    expect(result.rate).toBeCloseTo(result.ok / 0.06);
  });

  it('calls the window hooks once each, in order, even when the workers finish first', async () => {
    const hooks: string[] = [];
    await closedLoop(
      {
        connections: 1,
        warmupMs: 0,
        durationMs: 0,
        onMeasureStart: () => hooks.push('start'),
        onMeasureEnd: () => hooks.push('end'),
      },
      async () => ({ ok: true }),
    );
    expect(hooks).toEqual(['start', 'end']);
  });

  it('does not count what completes during warm-up', async () => {
    let calls = 0;
    const result = await closedLoop({ connections: 1, warmupMs: 200, durationMs: 0 }, async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { ok: true };
    });
    expect(calls).toBeGreaterThan(0);
    expect(result.ok).toBe(0);
  });
});

describe('openLoop', () => {
  it('fires every scheduled arrival, marking the ones in the measured window', async () => {
    const marks: boolean[] = [];
    const hooks: string[] = [];
    const result = await openLoop(
      {
        rate: 200,
        warmupMs: 50,
        durationMs: 100,
        onMeasureStart: () => hooks.push('start'),
        onMeasureEnd: () => hooks.push('end'),
      },
      (measured) => marks.push(measured),
    );
    // 150 ms at 200/s: arrivals at 0, 5, ..., 145 ms; those from 50 ms on are measured.
    expect(marks).toHaveLength(30);
    expect(marks.filter((m) => !m)).toHaveLength(10);
    expect(result.fired).toBe(20);
    expect(hooks).toEqual(['start', 'end']);
  });
});
