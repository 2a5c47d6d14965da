import { describe, expect, it } from 'vitest';
import type { MessagesResult } from './measure-messages.ts';
import type { NetworkResult } from './measure-network.ts';
import {
  cpuPhases,
  evaluateTargets,
  formatSummary,
  messagingTargets,
  networkTargets,
  table,
  transportsOf,
} from './report.ts';
import { sampleReport } from './sample-report.ts';

describe('evaluateTargets', () => {
  it('passes or misses each target against its goal', () => {
    const { commands, propagation, feed, jobs } = sampleReport();
    const targets = evaluateTargets(commands, propagation, feed, jobs);
    expect(targets.map((t) => [t.name, t.measured, t.pass])).toEqual([
      ['commands/s vs bare INSERT/s', 0.8, true],
      ['CPU per command, all processes (ms)', null, null],
      ['like -> visible via GET p99 (ms)', 40, true],
      ['socket push p99 (ms)', 300, false],
      ['feed reads/s vs in-memory JSON/s', 0.3, false],
      ['job search p99 (ms)', 60, false],
      ['job searches new to the cache p99 (ms)', 60, false],
      ['job searches/s vs in-memory JSON/s', 0.3, false],
      ['job search index made again (jobs/s)', 10_000, true],
    ]);
  });

  it('holds a board of more than 50,000 jobs to a p99 of 60 ms, a smaller one to 30', () => {
    const { commands, propagation, feed, jobs } = sampleReport();
    if (jobs.status !== 'measured') throw new Error('the sample measures jobs');
    const large = { ...jobs, projection: { ...jobs.projection, jobs: 500_000 } };
    const [p99] = evaluateTargets(commands, propagation, feed, large).slice(-4);
    expect(p99).toMatchObject({ target: '<= 60', measured: 60, pass: true });
    const [small] = evaluateTargets(commands, propagation, feed, jobs).slice(-4);
    expect(small).toMatchObject({ target: '<= 30', pass: false });
  });

  it('misses the socket target when a push never arrived, even with a low p99', () => {
    const { commands, propagation, feed, jobs } = sampleReport();
    const socket = { ...propagation.socket, p99: 50, missing: 3 };
    const [, , , target] = evaluateTargets(commands, { ...propagation, socket }, feed, jobs);
    expect(target?.pass).toBe(false);
    expect(target?.detail).toContain('3 missing');
  });

  it('judges CPU per command over the product processes, and a like never seen through GET as a miss', () => {
    const { commands, propagation, feed, jobs } = sampleReport();
    const cpuPerCommand = {
      totalMs: 1.2,
      byProcess: [
        { name: 'postgres', kind: 'stack' as const, ms: 0.7 },
        { name: 'bench (load generator)', kind: 'bench' as const, ms: 0.6 },
        { name: 'command-service', kind: 'service' as const, ms: 0.5 },
      ],
    };
    const visibility = { ...propagation.visibility, timeouts: 1 };
    const [, cpu, visible] = evaluateTargets(
      { ...commands, cpuPerCommand },
      { ...propagation, visibility },
      feed,
      jobs,
    );
    expect(cpu).toMatchObject({ measured: 1.2, pass: true, detail: 'postgres 0.70, command-service 0.50' });
    expect(visible).toMatchObject({ measured: 40, pass: false });
    expect(visible?.detail).toContain('1 not visible within 5 s');
  });

  it('reports an unmeasured feed as not applicable, with the reason', () => {
    const { commands, propagation, jobs } = sampleReport();
    const [, , , , feed] = evaluateTargets(
      commands,
      propagation,
      { status: 'missing', reason: 'feed route missing' },
      jobs,
    );
    expect(feed).toMatchObject({ measured: null, pass: null, detail: 'feed route missing' });
  });
});

describe('networkTargets', () => {
  const latency = (p99: number) => ({ count: 100, p50: p99 / 2, p90: p99, p99, max: p99, mean: p99 / 2 });
  const network = (suggestionsP99: number, pushP99: number, missing = 0): NetworkResult => ({
    status: 'measured',
    seed: 1,
    projection: {
      users: 500,
      connections: 5000,
      events: 11500,
      writeSeconds: 2,
      projectionSeconds: 10,
      eventsPerSecond: 1150,
      catchUpSeconds: 8,
      mutualRows: 40000,
      cpu: [],
    },
    reads: {
      rate: 900,
      ok: 9000,
      errors: {},
      seconds: 10,
      connections: 16,
      latency: latency(suggestionsP99),
      byKind: { suggestions: latency(suggestionsP99), connections: latency(5) },
      cpu: [],
    },
    push: {
      ...latency(pushP99),
      rate: 100,
      sent: 1000,
      accepted: 1000,
      errors: {},
      beforeReply: 0,
      missing,
      sockets: 10,
      cpu: [],
    },
  });

  it('passes suggestions at 20 ms p99 and pushes at 150 ms, and misses above', () => {
    expect(networkTargets(network(20, 150)).map((t) => [t.name, t.measured, t.pass])).toEqual([
      ['suggestions p99 (ms)', 20, true],
      ['connect -> addressee socket p99 (ms)', 150, true],
      // A report from before the people reads: their targets are not applicable.
      ['people search p99 (ms)', null, null],
      ['typeahead (people, companies, jobs) p99 (ms)', null, null],
      ['profile page p99 (ms)', null, null],
    ]);
    expect(networkTargets(network(21, 151)).map((t) => t.pass)).toEqual([false, false, null, null, null]);
  });

  it('holds people search and the typeahead to 30 ms p99 and profile pages to 20 ms', () => {
    const withPeople = (search: number, typeahead: number, profile: number): NetworkResult => {
      const base = network(5, 20);
      if (base.status !== 'measured') throw new Error('measured');
      return {
        ...base,
        people: {
          ...base.reads,
          byKind: {
            'people search': latency(search),
            typeahead: latency(typeahead),
            profile: latency(profile),
          },
        },
      };
    };
    expect(
      networkTargets(withPeople(30, 30, 20))
        .slice(2)
        .map((t) => t.pass),
    ).toEqual([true, true, true]);
    expect(
      networkTargets(withPeople(31, 31, 21))
        .slice(2)
        .map((t) => t.pass),
    ).toEqual([false, false, false]);
    expect(formatSummary({ ...sampleReport(), network: withPeople(12, 14, 6) })).toContain(
      'typeahead p50 / p99',
    );
  });

  it('misses the push target when a push never arrived, and reports a skipped phase as not applicable', () => {
    expect(networkTargets(network(5, 20, 1))[1]).toMatchObject({
      pass: false,
      detail: expect.stringContaining('1 missing'),
    });
    expect(networkTargets({ status: 'missing', reason: 'BENCH_NETWORK_USERS=0' })).toEqual(
      Array.from({ length: 5 }, () =>
        expect.objectContaining({ measured: null, pass: null, detail: 'BENCH_NETWORK_USERS=0' }),
      ),
    );
  });

  it('adds the network rows and CPU phases to the summary', () => {
    const report = { ...sampleReport(), network: network(8, 40) };
    expect(cpuPhases(report).map((p) => p.phase)).toContain('connect pushes');
    expect(formatSummary(report)).toContain('connect -> addressee socket (10 sockets, 100/s)');
  });
});

describe('messagingTargets', () => {
  const latency = (p99: number) => ({
    count: 500,
    p50: p99 / 4,
    p90: p99 / 2,
    p99,
    max: p99 * 2,
    mean: p99 / 3,
  });
  const messages = (pushP99: number, listP99: number, missing = 0): MessagesResult => {
    const { commands } = sampleReport();
    return {
      status: 'measured',
      conversations: 200,
      setupSeconds: 12,
      maxRate: { ...commands.app, cpu: [] },
      push: {
        ...latency(pushP99),
        rate: 150,
        maxRate: 300,
        sent: 1500,
        accepted: 1500,
        errors: {},
        beforeReply: 3,
        missing,
        sockets: 201,
        fromSend: latency(pushP99 + 10),
        reply: latency(10),
        cpu: [],
      },
      list: {
        ...commands,
        app: { ...commands.app, latency: latency(listP99) },
        bodyBytes: 9000,
        conversationsOnPage: 20,
      },
    };
  };

  it("judges the push and the list against the issue's goals", () => {
    expect(messagingTargets(messages(100, 20)).map((t) => [t.name, t.measured, t.pass])).toEqual([
      ['message sent -> recipient socket p99 (ms)', 100, true],
      ['conversation list p99 (ms)', 20, true],
    ]);
    expect(messagingTargets(messages(101, 21)).map((t) => t.pass)).toEqual([false, false]);
  });

  it('misses the push target when a message never reached its recipient', () => {
    expect(messagingTargets(messages(20, 5, 1))[0]).toMatchObject({ pass: false });
    expect(messagingTargets(messages(20, 5, 1))[0]?.detail).toContain('1 missing');
  });

  it('reports a skipped phase as not applicable, with the reason', () => {
    expect(messagingTargets({ status: 'missing', reason: 'BENCH_MESSAGES=0' })).toEqual(
      Array.from({ length: 2 }, () =>
        expect.objectContaining({ measured: null, pass: null, detail: 'BENCH_MESSAGES=0' }),
      ),
    );
  });

  it('adds the messaging rows and CPU phases to the summary', () => {
    const report = { ...sampleReport(), messages: messages(40, 8) };
    expect(cpuPhases(report).map((p) => p.phase)).toContain('message pushes');
    const summary = formatSummary(report);
    expect(summary).toContain('message -> recipient socket (201 sockets, 150/s)');
    expect(summary).toContain('conversation lists/s (20 of 200 a page)');
  });
});

describe('transportsOf', () => {
  it("reads a Unix socket from libpq's host folder and ioredis's path, TCP otherwise", () => {
    expect(
      transportsOf(
        'postgres://careers:careers@localhost:5432/careers?host=/srv/stack/postgres',
        'redis://127.0.0.1:6379?path=/srv/stack/redis/redis.sock',
      ),
    ).toEqual({ postgres: 'unix socket', redis: 'unix socket' });
    expect(
      transportsOf('postgres://careers:careers@127.0.0.1:5432/careers', 'redis://127.0.0.1:6379'),
    ).toEqual({ postgres: 'tcp', redis: 'tcp' });
    expect(transportsOf('postgres://u@db.example/x?host=db2.example', 'not a url')).toEqual({
      postgres: 'tcp',
      redis: 'tcp',
    });
  });
});

describe('table', () => {
  it('left-aligns the first column and right-aligns the others', () => {
    expect(
      table([
        ['a', '1'],
        ['long name', '100'],
      ]),
    ).toBe('a            1\nlong name  100');
  });
});

describe('the command loop against two copies of each service (issue 59)', () => {
  const withCopies = (errors: Record<string, number>) => {
    const report = sampleReport();
    const app = { ...report.commands.app, rate: 700, ok: 7000, errors };
    const cpu = [{ name: 'command-service-2', kind: 'service' as const, seconds: 7, percentOfCore: 70 }];
    const cpuPerCommand = {
      totalMs: 1,
      byProcess: [{ name: 'command-service-2', kind: 'service' as const, ms: 1 }],
    };
    return { ...report, commands: { ...report.commands, twoCopies: { copies: 2, app, cpu, cpuPerCommand } } };
  };

  it('prints the rate with two copies beside the one-copy rate, and their CPU as a phase', () => {
    const report = withCopies({});
    const text = formatSummary({
      ...report,
      targets: evaluateTargets(report.commands, report.propagation, report.feed, report.jobs),
    });
    expect(text).toMatch(/commands\/s, 2 copies of each service \(one copy beside it\)\s+700\s+800\s+0\.88/);
    expect(text).toMatch(/commands failed with 2 copies of each service\s+0\.00\s+= 0\s+PASS/);
    expect(cpuPhases(report).map((p) => p.phase)).toContain('commands, 2 copies');
  });

  it('misses its target when a command failed with two copies, and is absent when not run', () => {
    const report = withCopies({ 'HTTP 503': 2 });
    const target = evaluateTargets(report.commands, report.propagation, report.feed, report.jobs).find((t) =>
      t.name.startsWith('commands failed with'),
    );
    expect(target).toMatchObject({ measured: 2, pass: false });
    const { commands, propagation, feed, jobs } = sampleReport();
    expect(evaluateTargets(commands, propagation, feed, jobs).some((t) => t.name.includes('copies'))).toBe(
      false,
    );
  });
});

describe('formatSummary', () => {
  it('shows throughput with ratios, latencies with sample counts, targets and CPU per phase', () => {
    const report = sampleReport();
    const text = formatSummary({
      ...report,
      targets: evaluateTargets(report.commands, report.propagation, report.feed, report.jobs),
    });
    expect(text).toMatch(/commands\/s \(likes \+ comments\)\s+800\s+1000\s+0\.80/);
    expect(text).toMatch(/like -> socket push \(5 sockets\)\s+15\.0 \/ 300\.0 ms \(n=3\)/);
    expect(text).toMatch(/socket push p99 \(ms\)\s+300\.00\s+<= 100\s+MISS/);
    expect(text).toMatch(/command-service\s+90\s+40\s+50\s+70\s+10/);
    expect(text).toContain('load average before 0.50 0.40 0.30');
  });

  it('notes how the processes reached Postgres and Redis, when the report knows', () => {
    const report = sampleReport();
    expect(formatSummary(report)).not.toContain('Postgres over');
    const transport = transportsOf(
      'postgres://careers:careers@localhost:5432/careers?host=/srv/stack/postgres',
      'redis://127.0.0.1:6379',
    );
    expect(formatSummary({ ...report, machine: { ...report.machine, transport } })).toContain(
      'Postgres over unix socket, Redis over tcp',
    );
  });

  it('says why the feed was not measured and leaves its phases out of the CPU table', () => {
    const report = sampleReport({
      feed: { status: 'missing', reason: 'feed route missing: GET /posts/feed answered 404' },
    });
    expect(formatSummary(report)).toContain('feed route missing: GET /posts/feed answered 404');
    const phases = cpuPhases(report).map((p) => p.phase);
    expect(phases).not.toContain('feed');
    expect(phases).not.toContain('JSON baseline');
  });
});

describe('the jobs phase in the summary', () => {
  const report = sampleReport();
  const text = formatSummary({
    ...report,
    targets: evaluateTargets(report.commands, report.propagation, report.feed, report.jobs),
  });

  it('shows writing, projection and catch-up', () => {
    expect(text).toMatch(/jobs written \(1000, 1000 a transaction, 3 at once\)\s+2000\/s in 0\.5 s/);
    expect(text).toMatch(/jobs projected, first append -> all on the read side\s+500 events\/s in 2\.0 s/);
    expect(text).toMatch(/read side caught up after the last append\s+1\.5 s/);
  });

  it('compares searches with the baseline, with latency per kind of search', () => {
    expect(text).toMatch(/job searches\/s \(4 searches in turn\)\s+300\s+1000\s+0\.30/);
    expect(text).toMatch(/ {2}keywords p50 \/ p99\s+10\.0 \/ 60\.0 ms \(n=2\)/);
    expect(text).toMatch(/job search p99 \(ms\)\s+60\.00\s+<= 30\s+MISS\s+3 searches on 1000 jobs/);
    expect(text).toMatch(/search index: made again from the jobs rows\s+10000 jobs\/s in 0\.1 s/);
    expect(text).toMatch(
      /job searches\/s vs in-memory JSON\/s\s+0\.30\s+>= 0\.5\s+MISS\s+300 vs 1000 per second/,
    );
  });

  it('names the three searches slowest on their own, as a person would type them', () => {
    expect(text).toContain(
      'job searches slowest alone: ?search=engineer 30.0 ms (400 matches), ' +
        '?search="machine learning" 12.0 ms (20 matches), ?workLocation=Remote 5.0 ms (300 matches)',
    );
  });

  it('meters CPU while projecting, searching and serving the baseline', () => {
    expect(
      cpuPhases(report)
        .map((p) => p.phase)
        .slice(-3),
    ).toEqual(['jobs write + projection', 'job search', 'search baseline']);
  });

  it('passes a p99 of exactly the goal', () => {
    const { commands, propagation, feed, jobs } = sampleReport();
    if (jobs.status !== 'measured') throw new Error('the sample measures jobs');
    const search = {
      ...jobs.search,
      app: { ...jobs.search.app, latency: { ...jobs.search.app.latency, p99: 30 } },
    };
    const [p99] = evaluateTargets(commands, propagation, feed, { ...jobs, search }).slice(-4);
    expect(p99).toMatchObject({ measured: 30, pass: true });
  });

  it('says why jobs were not measured, with every target not applicable', () => {
    const skipped = sampleReport({ jobs: { status: 'missing', reason: 'BENCH_JOBS=0' } });
    const targets = evaluateTargets(skipped.commands, skipped.propagation, skipped.feed, skipped.jobs);
    expect(targets.slice(-4).map((t) => [t.measured, t.pass, t.detail])).toEqual([
      [null, null, 'BENCH_JOBS=0'],
      [null, null, 'BENCH_JOBS=0'],
      [null, null, 'BENCH_JOBS=0'],
      [null, null, 'BENCH_JOBS=0'],
    ]);
    expect(formatSummary({ ...skipped, targets })).toMatch(/^jobs\s+BENCH_JOBS=0$/m);
    expect(cpuPhases(skipped).map((p) => p.phase)).not.toContain('job search');
  });
});
