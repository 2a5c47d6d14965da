/**
 * The deployment load test (bench/k6/mixed.js, `npm run loadtest`) run briefly through the dev edge's
 * routing to the real services on their own namespace: a few accounts, two visits each, no think time.
 * A broken scenario (a renamed route, a changed body, a summary that no longer writes) fails here. A
 * second run against an edge that refuses every like shows that a missed threshold makes k6, and so
 * `npm run loadtest`, exit non-zero. Figures come from `npm run loadtest`, never from this test.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type RunningCommandService, startCommandService } from '@careers/command-service/service';
import { type RunningProjector, startProjector } from '@careers/query-service/projector-service';
import { type RunningQueryService, startQueryService } from '@careers/query-service/service';
import { edgeSecretFromEnv } from '@careers/service-kit';
import { type TestNamespace, testNamespace } from '@careers/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEdgeHandlers, type EdgeHandlers } from '../frontend/edge-proxy.ts';
import { runTool, type ToolRun } from './tool-run.ts';
import { ROOT } from './topology.ts';

const K6 = join(ROOT, '.stack/bin/k6');
const SCENARIO = join(ROOT, 'bench/k6/mixed.js');
const RUN_LIMIT_MS = 90_000;

function k6(env: NodeJS.ProcessEnv): Promise<ToolRun> {
  return runTool(K6, ['run', '--quiet', '--no-color', SCENARIO], {
    cwd: ROOT,
    env: { ...process.env, ...env, K6_NO_USAGE_REPORT: 'true' },
    limitMs: RUN_LIMIT_MS,
  });
}

interface Summary {
  baseUrl: string;
  metrics: Record<string, { values: Record<string, number>; thresholds?: Record<string, { ok: boolean }> }>;
}

beforeAll(async () => {
  // The same idempotent step npm test runs first (a go install the first time), so this file also runs
  // on its own.
  await promisify(execFile)('bash', ['-c', 'source scripts/lib/services.sh && ensure_k6'], { cwd: ROOT });
}, 900_000);

describe('the k6 load test', () => {
  let ns: TestNamespace;
  let command: RunningCommandService;
  let query: RunningQueryService;
  let projector: RunningProjector;
  let edge: http.Server;
  let edgeUrl: string;
  let handlers: EdgeHandlers | undefined;
  let refuseLikes = false;
  let reports: string;

  beforeAll(async () => {
    // The edge first: its address is the origin the services must allow (the scenario sends Origin).
    edge = http.createServer((request, response) => {
      if (refuseLikes && request.method === 'POST' && /^\/api\/posts\/[^/]+\/like$/.test(request.url ?? '')) {
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'Service unavailable' }));
        return;
      }
      if (!handlers) {
        response.writeHead(503).end();
        return;
      }
      handlers.handleRequest(request, response, () => {
        response.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
    edgeUrl = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
    ns = testNamespace('loadtest');
    const origins = { ALLOWED_ORIGINS: edgeUrl };
    [command, query, projector] = await Promise.all([
      startCommandService({ ...ns.commandEnv, ...origins }),
      startQueryService({ ...ns.queryEnv, ...origins }),
      startProjector({ ...ns.queryEnv, ...origins }),
    ]);
    const target = (app: RunningCommandService['app']) =>
      `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    handlers = createEdgeHandlers(
      {
        command: target(command.app),
        query: target(query.app),
        gateway: 'http://127.0.0.1:9',
      },
      edgeSecretFromEnv(ns.commandEnv),
    );
    reports = mkdtempSync(join(tmpdir(), 'loadtest-'));
  }, 120_000);

  afterAll(async () => {
    edge?.close();
    await Promise.allSettled([command?.close(), query?.close(), projector?.close()]);
    await ns?.cleanup();
    if (reports) rmSync(reports, { recursive: true, force: true });
  });

  const smallRun = () => ({
    BASE_URL: edgeUrl,
    LOADTEST_USERS: '4',
    LOADTEST_ITERATIONS: '2',
    LOADTEST_THINK_SECONDS: '0',
    LOADTEST_REPORT_DIR: reports,
    // Eight requests of a kind, beside the rest of npm test on two cores: a p95 here is noise (a search
    // took 607 ms once). The scenario, the failure and check rates and the exit codes are what count.
    LOADTEST_LATENCY_SCALE: '5',
  });

  it(
    'signs people in, walks the mixed scenario with every threshold held, and writes its summary',
    async () => {
      const run = await k6(smallRun());
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain('thresholds: all held');
      const summary = JSON.parse(readFileSync(join(reports, 'loadtest-latest.json'), 'utf8')) as Summary;
      expect(summary.baseUrl).toBe(edgeUrl);
      const count = (name: string) => summary.metrics[`http_req_duration{name:${name}}`]?.values.count ?? 0;
      // The first run registers the accounts (each sign-in is refused once: not known yet).
      expect(count('login')).toBe(4);
      expect(count('register')).toBe(4);
      for (const name of ['feed', 'post', 'like', 'jobs_search', 'connections', 'pending', 'suggestions']) {
        expect(count(name), name).toBeGreaterThan(0);
      }
      expect(summary.metrics.http_req_failed?.values.rate).toBe(0);
      expect(summary.metrics.checks?.values.rate).toBe(1);
      expect(readFileSync(join(reports, 'loadtest-latest.txt'), 'utf8')).toContain('feed');

      // A second run finds the accounts and only signs them in: nobody is registered twice.
      const again = await k6(smallRun());
      expect(again.code, again.output).toBe(0);
      const second = JSON.parse(readFileSync(join(reports, 'loadtest-latest.json'), 'utf8')) as Summary;
      expect(second.metrics['http_req_duration{name:login}']?.values.count).toBe(4);
      expect(second.metrics['http_req_duration{name:register}']?.values.count ?? 0).toBe(0);
    },
    3 * RUN_LIMIT_MS,
  );

  it(
    'exits non-zero and names the missed thresholds when requests fail',
    async () => {
      refuseLikes = true;
      try {
        const run = await k6(smallRun());
        // 99: k6's exit code for thresholds that did not hold.
        expect(run.code, run.output).toBe(99);
        expect(run.output).toContain('thresholds MISSED');
        expect(run.output).toContain('http_req_failed');
      } finally {
        refuseLikes = false;
      }
    },
    RUN_LIMIT_MS + 10_000,
  );
});
