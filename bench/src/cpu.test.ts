import { describe, expect, it } from 'vitest';
import {
  cpuBetween,
  cpuPerRequest,
  type MeteredProcess,
  type ProcStat,
  parseProcStat,
  ticksOf,
} from './cpu.ts';

const statLine = (pid: number, name: string, ppid: number, ticks: [number, number, number, number]) =>
  `${pid} (${name}) S ${ppid} ${pid} ${pid} 0 -1 4194560 100 0 0 0 ${ticks.join(' ')} 20 0 11 0 300 100000 5000`;

describe('parseProcStat', () => {
  it('reads pid, parent and the four CPU fields', () => {
    expect(parseProcStat(statLine(42, 'node', 7, [150, 30, 5, 2]))).toEqual({
      pid: 42,
      ppid: 7,
      utime: 150,
      stime: 30,
      cutime: 5,
      cstime: 2,
    });
  });

  it('copes with spaces and parentheses in the command name', () => {
    const stat = parseProcStat(statLine(9, 'postgres: careers (idle) ) x', 1, [10, 20, 0, 0]));
    expect(stat).toMatchObject({ pid: 9, ppid: 1, utime: 10, stime: 20 });
  });

  it('refuses text that is not a stat line', () => {
    expect(() => parseProcStat('nonsense')).toThrow();
  });
});

describe('ticksOf', () => {
  const stat = (pid: number, ppid: number, utime: number, stime = 0, cutime = 0, cstime = 0): ProcStat => ({
    pid,
    ppid,
    utime,
    stime,
    cutime,
    cstime,
  });
  // 10 <- 11 <- 12, and 10 <- 13; 20 is unrelated.
  const all = [
    stat(10, 1, 5, 5, 100, 50),
    stat(11, 10, 7),
    stat(12, 11, 3, 1),
    stat(13, 10, 2),
    stat(20, 1, 999),
  ];

  it('counts only the process itself when not asked for its tree', () => {
    expect(ticksOf(all[0] as ProcStat, all, false)).toBe(10);
  });

  it('adds every live descendant and what exited children left behind', () => {
    expect(ticksOf(all[0] as ProcStat, all, true)).toBe(10 + 150 + 7 + 4 + 2);
  });
});

describe('cpuBetween', () => {
  const processes: MeteredProcess[] = [
    { name: 'command-service', kind: 'service', pid: 1, tree: false },
    { name: 'gone', kind: 'service', pid: 2, tree: false },
  ];

  it('turns tick deltas into CPU seconds and percent of one core over the wall time', () => {
    const before = {
      at: 0,
      ticks: new Map([
        ['command-service', 1000],
        ['gone', 5],
      ]),
    };
    const after = { at: 10_000, ticks: new Map([['command-service', 1750]]) };
    expect(cpuBetween(processes, before, after, 100)).toEqual([
      { name: 'command-service', kind: 'service', seconds: 7.5, percentOfCore: 75 },
    ]);
  });
});

describe('cpuPerRequest', () => {
  const usage = [
    { name: 'command-service', kind: 'service' as const, seconds: 1.5, percentOfCore: 10 },
    { name: 'postgres', kind: 'stack' as const, seconds: 3, percentOfCore: 20 },
    { name: 'bench (load generator)', kind: 'bench' as const, seconds: 6, percentOfCore: 40 },
    { name: 'baseline-insert', kind: 'baseline' as const, seconds: 0.5, percentOfCore: 3 },
  ];

  it('sums the services and the stack per request, leaving out the load generator and baselines', () => {
    const result = cpuPerRequest(usage, 1500);
    expect(result.totalMs).toBe(3);
    expect(result.byProcess.map((p) => [p.name, p.ms])).toEqual([
      ['bench (load generator)', 4],
      ['postgres', 2],
      ['command-service', 1],
      ['baseline-insert', 0.333],
    ]);
  });

  it('reads as not measured when nothing succeeded', () => {
    expect(cpuPerRequest(usage, 0).totalMs).toBeNaN();
  });
});
