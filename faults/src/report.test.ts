import { describe, expect, it } from 'vitest';
import { faultRows, formatSummary, renderHtml } from './report.ts';
import type { FaultsReport } from './suite.ts';
import { HEAL_TARGETS, judgeTargets } from './targets.ts';

const report: FaultsReport = {
  kind: 'faults',
  mode: 'full',
  copies: 1,
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 300_000,
  users: 30,
  commands: {
    like: { sent: 10, acknowledged: 9 },
    comment: { sent: 4, acknowledged: 4 },
    post: { sent: 2, acknowledged: 2 },
    job: { sent: 1, acknowledged: 1 },
    apply: { sent: 3, acknowledged: 3 },
    connect: { sent: 5, acknowledged: 4 },
    message: { sent: 6, acknowledged: 6 },
  },
  faults: [
    {
      name: 'SIGKILL projector',
      at: 1000,
      downMs: 4000,
      repairedMs: 4500,
      firstCommandMs: 120,
      caughtUpMs: 19_000,
      failedCommands: 0,
      healed: true,
    },
    {
      name: 'SIGKILL <gateway>',
      at: 30_000,
      downMs: 4000,
      repairedMs: 4200,
      firstCommandMs: 90,
      caughtUpMs: null,
      pushMs: null,
      failedCommands: 3,
      healed: false,
    },
  ],
  checks: [
    { name: 'dead letters empty', ok: true, detail: '0 dead letters' },
    { name: 'no service exited on its own', ok: false, detail: 'projector (code 1)' },
  ],
  exits: [],
  passed: false,
};

describe('fault suite report', () => {
  it('gives each fault its heal times in seconds, a dash for what never came, and NO when it did not heal', () => {
    expect(faultRows(report).slice(1)).toEqual([
      ['SIGKILL projector', '4.0 s', '0.1 s', '19.0 s', '', '0', 'yes'],
      ['SIGKILL <gateway>', '4.0 s', '0.1 s', '-', '-', '3', 'NO'],
    ]);
  });

  it('adds the failed reads and names the copies in a two-copy run', () => {
    const twoCopies: FaultsReport = {
      ...report,
      mode: 'bounded',
      copies: 2,
      reads: { sent: 40, answered: 40 },
      faults: report.faults.map((f) => ({ ...f, failedReads: 0 })),
    };
    expect(faultRows(twoCopies)[0]).toContain('failed reads');
    expect(faultRows(twoCopies)[1]).toEqual([
      'SIGKILL projector',
      '4.0 s',
      '0.1 s',
      '19.0 s',
      '',
      '0',
      '0',
      'yes',
    ]);
    const summary = formatSummary(twoCopies);
    expect(summary).toContain('Fault suite (bounded, 2 copies of each service)');
    expect(summary).toContain('reads answered/sent: 40/40');
    expect(faultRows(report)[0]).not.toContain('failed reads');
  });

  it('judges heal targets from the fault or from the end of the repair, and shows them in a column', () => {
    const [push, caughtUp] = judgeTargets(HEAL_TARGETS.startedWithoutKafka, {
      caughtUpMs: 95_000,
      pushMs: 80_000,
      repairedMs: 75_000,
    });
    expect(push).toMatchObject({ sign: 'live push', measuredMs: 5_000, met: true });
    expect(caughtUp).toMatchObject({ sign: 'caught up', measuredMs: 20_000, met: false });
    expect(
      judgeTargets(HEAL_TARGETS.gatewayKilled, { caughtUpMs: 1, pushMs: null, repairedMs: 4000 }),
    ).toEqual([{ sign: 'live push', withinMs: 5000, after: 'fault', measuredMs: null, met: false }]);
    const [first, second] = report.faults as [FaultsReport['faults'][number], FaultsReport['faults'][number]];
    const aimed: FaultsReport = {
      ...report,
      faults: [
        {
          ...first,
          targets: judgeTargets(HEAL_TARGETS.projectorKilled, { ...first, pushMs: undefined }),
        },
        second,
      ],
    };
    const rows = faultRows(aimed);
    expect(rows[0]?.at(-1)).toBe('target');
    expect(rows[1]?.at(-1)).toBe('caught up <= 5 s after the fault: 19.0 s MISSED');
    expect(rows[2]?.at(-1)).toBe('');
    expect(faultRows(report)[0]).not.toContain('target');
  });

  it('says which checks failed and that the run failed', () => {
    const summary = formatSummary(report);
    expect(summary).toContain('FAIL no service exited on its own: projector (code 1)');
    expect(summary).toContain('ok   dead letters empty');
    expect(summary).toContain('like 9/10');
    expect(summary.trimEnd().endsWith('FAILED')).toBe(true);
  });

  it('escapes names in the HTML page and draws one bar group per fault', () => {
    const html = renderHtml(report);
    expect(html).toContain('SIGKILL &#60;gateway&#62;');
    expect(html).not.toContain('<gateway>');
    expect(html).toContain('Fault suite: FAILED');
  });
});
