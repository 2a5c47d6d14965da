import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The CPU fields of /proc/<pid>/stat, in clock ticks. */
export interface ProcStat {
  pid: number;
  ppid: number;
  utime: number;
  stime: number;
  /** CPU of children that exited and were waited for (Postgres backends, for instance). */
  cutime: number;
  cstime: number;
}

/** Parses /proc/<pid>/stat. The command name may hold spaces and parentheses: fields start after the last ')'. */
export function parseProcStat(text: string): ProcStat {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < 0) throw new Error('not a /proc/<pid>/stat line');
  // After the name: field 3 (state) is at index 0, so field n is at index n - 3.
  const fields = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const field = (n: number) => Number(fields[n - 3]);
  return {
    pid: Number(text.slice(0, open).trim()),
    ppid: field(4),
    utime: field(14),
    stime: field(15),
    cutime: field(16),
    cstime: field(17),
  };
}

/** A process to meter. `tree`: include its descendants (a server that forks workers, or a wrapper shell). */
export interface MeteredProcess {
  name: string;
  kind: 'service' | 'baseline' | 'stack' | 'bench';
  pid: number;
  tree: boolean;
}

export interface CpuUsage {
  name: string;
  kind: MeteredProcess['kind'];
  /** user + system CPU seconds in the window. */
  seconds: number;
  /** Percent of one core over the window. */
  percentOfCore: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

function allStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) stats.push(stat);
  }
  return stats;
}

/**
 * Ticks used so far by a process: its own, plus (for a tree) every live descendant's and what its
 * exited children left in cutime/cstime, so the count stays continuous when workers come and go.
 */
export function ticksOf(root: ProcStat, all: readonly ProcStat[], tree: boolean): number {
  let ticks = root.utime + root.stime;
  if (!tree) return ticks;
  ticks += root.cutime + root.cstime;
  const children = new Map<number, ProcStat[]>();
  for (const stat of all) {
    const siblings = children.get(stat.ppid);
    if (siblings) siblings.push(stat);
    else children.set(stat.ppid, [stat]);
  }
  const queue = [...(children.get(root.pid) ?? [])];
  for (let stat = queue.shift(); stat; stat = queue.shift()) {
    ticks += stat.utime + stat.stime;
    queue.push(...(children.get(stat.pid) ?? []));
  }
  return ticks;
}

export type CpuSnapshot = { at: number; ticks: Map<string, number> };

/** What to meter (read at each snapshot: processes may start mid-run) and the kernel's tick rate. */
export interface Meter {
  processes: () => readonly MeteredProcess[];
  ticksPerSecond: number;
}

export function clockTicksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/** Reads every metered process's tick count at one moment. A process that is gone reads as missing. */
export function snapshot(processes: readonly MeteredProcess[]): CpuSnapshot {
  const all = processes.some((p) => p.tree) ? allStats() : [];
  const ticks = new Map<string, number>();
  for (const metered of processes) {
    const root = readStat(metered.pid);
    if (root) ticks.set(metered.name, ticksOf(root, all, metered.tree));
  }
  return { at: performance.now(), ticks };
}

/** CPU per process between two snapshots; processes missing from either are left out. */
export function cpuBetween(
  processes: readonly MeteredProcess[],
  before: CpuSnapshot,
  after: CpuSnapshot,
  ticksPerSecond: number,
): CpuUsage[] {
  const wallSeconds = (after.at - before.at) / 1000;
  const usage: CpuUsage[] = [];
  for (const metered of processes) {
    const a = before.ticks.get(metered.name);
    const b = after.ticks.get(metered.name);
    if (a === undefined || b === undefined) continue;
    const seconds = Math.max(0, b - a) / ticksPerSecond;
    usage.push({
      name: metered.name,
      kind: metered.kind,
      seconds: Math.round(seconds * 100) / 100,
      percentOfCore: wallSeconds > 0 ? Math.round((seconds / wallSeconds) * 1000) / 10 : 0,
    });
  }
  return usage;
}

/** Measures CPU over a load window: snapshot at its start and end. */
export class CpuWindow {
  private before: CpuSnapshot | undefined;
  private after: CpuSnapshot | undefined;
  private readonly processes: () => readonly MeteredProcess[];
  private readonly ticksPerSecond: number;
  constructor(processes: () => readonly MeteredProcess[], ticksPerSecond: number) {
    this.processes = processes;
    this.ticksPerSecond = ticksPerSecond;
  }
  start = () => {
    this.before = snapshot(this.processes());
  };
  end = () => {
    this.after = snapshot(this.processes());
  };
  usage(): CpuUsage[] {
    if (!this.before || !this.after) return [];
    return cpuBetween(this.processes(), this.before, this.after, this.ticksPerSecond);
  }
}

function pidFromFile(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').split('\n')[0]?.trim());
    return Number.isInteger(pid) && pid > 0 && readStat(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function pgrepOldest(args: string[]): number | undefined {
  try {
    const pid = Number(execFileSync('pgrep', ['-o', ...args], { encoding: 'utf8' }).trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Best effort: the local stack's Postgres, Redis, Kafka and search engine, from the stack's pid files or
 * else pgrep.
 * They are shared, so their CPU includes anyone else using them at the time.
 */
export function stackProcesses(stackDir: string): MeteredProcess[] {
  const found: Array<[string, number | undefined]> = [
    ['postgres', pidFromFile(`${stackDir}/postgres/data/postmaster.pid`) ?? pgrepOldest(['-x', 'postgres'])],
    ['redis', pidFromFile(`${stackDir}/run/redis.pid`) ?? pgrepOldest(['-x', 'redis-server'])],
    ['kafka', pidFromFile(`${stackDir}/run/kafka.pid`) ?? pgrepOldest(['-f', 'kafka\\.Kafka'])],
    [
      'search-engine',
      pidFromFile(`${stackDir}/run/search-engine.pid`) ?? pgrepOldest(['-x', 'search-engine']),
    ],
  ];
  return found.flatMap(([name, pid]) =>
    pid === undefined ? [] : [{ name, kind: 'stack' as const, pid, tree: true }],
  );
}

/** CPU per request of a load window: per process, and summed over the product's own processes. */
export interface CpuPerRequest {
  /**
   * Milliseconds of CPU per successful request, summed over the services and the stack (Postgres,
   * Redis, Kafka); the load generator and the baselines are not the product and are left out.
   */
  totalMs: number;
  /** Every metered process's share, the load generator's included, largest first. */
  byProcess: Array<{ name: string; kind: MeteredProcess['kind']; ms: number }>;
}

export function cpuPerRequest(usage: readonly CpuUsage[], requests: number): CpuPerRequest {
  const perRequest = (seconds: number) =>
    requests > 0 ? Math.round(((seconds * 1000) / requests) * 1000) / 1000 : Number.NaN;
  const product = usage.filter((u) => u.kind === 'service' || u.kind === 'stack');
  return {
    totalMs: perRequest(product.reduce((sum, u) => sum + u.seconds, 0)),
    byProcess: usage
      .map((u) => ({ name: u.name, kind: u.kind, ms: perRequest(u.seconds) }))
      .sort((a, b) => b.ms - a.ms),
  };
}
