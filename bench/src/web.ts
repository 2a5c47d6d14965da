/**
 * npm run bench:web: what a person's browser gets on a first visit (issue 48). The bench's own copy of
 * the product (production settings, a fresh namespace) behind two edges on free loopback ports: the
 * production edge (the built app behind nginx with docker/nginx.conf's rules, as npm start serves it)
 * and, as the baseline in the same run, the Vite development server (what npm start served before,
 * what npm run dev serves). For /login, /dashboard, /jobs and /feed (signed in where needed) it loads
 * each page cold in Chromium BENCH_WEB_RUNS times (default 5) on each edge: the time until the main
 * content shows, the requests, the JavaScript on the wire. Then Lighthouse (pinned, installed by
 * bench/web.sh) scores each page on the production edge with its default mobile profile.
 *
 * Prints a table, and writes bench/reports/web-<time>.{json,html} (the HTML with charts).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { apiPath, type RouteBody, routes } from '@careers/contracts/routes';
import { freePort, waitUntil } from '@careers/service-kit/testing';
import { type Browser, chromium, type Page } from 'playwright-core';
import { writeLocalEdgeConfig } from '../../scripts/lib/edge-nginx.ts';
import { barChart, escapeHtml } from './chart.ts';
import { type LatencySummary, percentile, summarize } from './stats.ts';
import { createTopology, LOG_DIR, ROOT } from './topology.ts';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const LIGHTHOUSE =
  process.env.BENCH_LIGHTHOUSE ?? `${ROOT}.stack/lighthouse/node_modules/lighthouse/cli/index.js`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** The issue's targets. */
export const webTargets = {
  coldLoadP50Ms: 1000,
  jsKb: { '/login': 150, '/dashboard': 250 } as Record<string, number>,
  requests: 30,
  lighthouse: { performance: 90, accessibility: 100, 'best-practices': 95 } as Record<string, number>,
};

const pages = ['/login', '/dashboard', '/jobs', '/feed'] as const;
type PagePath = (typeof pages)[number];

const viewer = { first: 'Wendy', last: 'Webbench', password: 'web-bench-password-1' };

/** What each page shows once loaded (as e2e/cold-load.e2e.test.ts waits for it). */
const mainContent: Record<PagePath, (page: Page) => Promise<unknown>> = {
  '/login': (page) => page.getByRole('heading', { name: 'Welcome back', exact: true }).waitFor(),
  '/dashboard': (page) => page.getByRole('heading', { name: `Welcome back, ${viewer.first}!` }).waitFor(),
  '/jobs': (page) => page.getByRole('article').first().waitFor(),
  '/feed': (page) => page.getByRole('article').first().waitFor(),
};

export interface ColdLoad {
  ms: number;
  requests: number;
  jsBytes: number;
  totalBytes: number;
}

export interface PageResult {
  path: PagePath;
  edge: { loads: ColdLoad[]; ms: LatencySummary; requests: number; jsKb: number; totalKb: number };
  dev: { loads: ColdLoad[]; ms: LatencySummary; requests: number; jsKb: number; totalKb: number };
  lighthouse?: Record<string, number>;
  lighthouseMetrics?: Record<string, number>;
}

async function loadCold(
  browser: Browser,
  url: string,
  path: PagePath,
  cookie: string | undefined,
): Promise<ColdLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (cookie && path !== '/login') {
    const [name = 'sid', value = ''] = cookie.split('=');
    await context.addCookies([{ name, value, url }]);
  }
  const page = await context.newPage();
  const responses: Array<Promise<{ js: boolean; bytes: number }>> = [];
  page.on('requestfinished', (request) => {
    responses.push(
      request.sizes().then((sizes) => ({
        js: request.resourceType() === 'script',
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      })),
    );
  });
  const t0 = performance.now();
  await page.goto(`${url}${path}`, { waitUntil: 'commit' });
  await mainContent[path](page);
  const ms = performance.now() - t0;
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(responses);
  await context.close();
  return {
    ms,
    requests: sizes.length,
    jsBytes: sizes.filter((s) => s.js).reduce((sum, s) => sum + s.bytes, 0),
    totalBytes: sizes.reduce((sum, s) => sum + s.bytes, 0),
  };
}

/** The middle value (nearest rank), for counts and sizes. */
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

function summaryOf(loads: ColdLoad[]) {
  return {
    loads,
    ms: summarize(loads.map((l) => l.ms)),
    requests: median(loads.map((l) => l.requests)),
    jsKb: median(loads.map((l) => l.jsBytes)) / 1024,
    totalKb: median(loads.map((l) => l.totalBytes)) / 1024,
  };
}

async function lighthouse(url: string, cookie: string | undefined, out: string) {
  const args = [
    LIGHTHOUSE,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices',
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  // Lighthouse now and then fails to record its trace (NO_NAVSTART, NO_FCP) on a busy machine: try
  // again, up to three times.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await promisify(execFile)(process.execPath, args, {
        env: { ...process.env, CHROME_PATH: CHROMIUM },
        maxBuffer: 64 * 1024 * 1024,
      });
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      process.stdout.write(
        ` (again: ${String((error as { stderr?: string }).stderr ?? error)
          .trim()
          .slice(0, 120)})`,
      );
    }
  }
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const scores = Object.fromEntries(
    Object.entries(report.categories).map(([name, { score }]) => [name, Math.round(score * 100)]),
  );
  const metrics = Object.fromEntries(
    [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ].map((name) => [name, report.audits[name]?.numericValue ?? Number.NaN]),
  );
  return { scores, metrics };
}

/** Resolves once `url` answers 2xx (a process just started), or fails after a minute. */
const answering = (url: string, what: string) =>
  waitUntil(`${what} answering ${url}`, async () => (await fetch(url).catch(() => null))?.ok, 60_000);

async function seed(commandUrl: string, origin: string): Promise<string> {
  // Typed by the contracts' route table: a request the API would refuse does not compile.
  const post = async <N extends 'register' | 'createJob' | 'createPost'>(
    name: N,
    body: RouteBody<N>,
    cookie?: string,
  ) => {
    const path = apiPath(routes[name]);
    const response = await fetch(`${commandUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const sid = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))
      ?.split(';')[0];
  const run = Date.now().toString(36);
  const employer = sid(
    await post('register', {
      firstName: 'Erin',
      lastName: 'Employer',
      email: `web-bench-employer-${run}@example.com`,
      password: viewer.password,
      accountType: 'employer',
    }),
  );
  const cookie = sid(
    await post('register', {
      firstName: viewer.first,
      lastName: viewer.last,
      email: `web-bench-${run}@example.com`,
      password: viewer.password,
      accountType: 'job_seeker',
    }),
  );
  if (!employer || !cookie) throw new Error('register: no session cookie');
  for (let i = 1; i <= 12; i += 1) {
    await post(
      'createJob',
      {
        title: `Platform Engineer ${i}`,
        description: 'Event logs, projections and the people who run them.',
        company: { name: 'Acme', industry: 'Software' },
        location: { city: 'Berlin', country: 'Germany' },
        salary: { min: 70000, max: 90000 },
      },
      employer,
    );
  }
  for (let i = 1; i <= 12; i += 1)
    await post('createPost', { content: `Web bench post ${i}: hello network.` }, cookie);
  return cookie;
}

function spawnLogged(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  mkdirSync(LOG_DIR, { recursive: true });
  const log = openSync(`${LOG_DIR}/${name}.log`, 'w');
  return spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', log, log], detached: true });
}

async function main(): Promise<void> {
  const [edgePort, devPort] = await Promise.all([freePort(), freePort()]);
  const edgeUrl = `http://127.0.0.1:${edgePort}`;
  const devUrl = `http://127.0.0.1:${devPort}`;
  const topology = createTopology({ poolSize: 10, origin: `${edgeUrl},${devUrl}` });
  const children: ChildProcess[] = [];
  const edgePrefix = `${LOG_DIR}/web-edge`;
  let browser: Browser | undefined;
  try {
    console.log('→ the product (production settings), the production edge and the dev server');
    await topology.start();
    const hostOf = (url: string) => url.replace('http://', '');
    const config = writeLocalEdgeConfig({
      prefix: edgePrefix,
      listen: `127.0.0.1:${edgePort}`,
      upstreams: {
        command: hostOf(topology.urls.command),
        query: hostOf(topology.urls.query),
        gateway: hostOf(topology.urls.gateway),
      },
      secret: topology.edgeSecret,
    });
    children.push(spawnLogged('web-edge', '/usr/sbin/nginx', ['-p', edgePrefix, '-c', config], process.env));
    children.push(
      spawnLogged(
        'web-dev',
        process.execPath,
        [`${ROOT}node_modules/vite/bin/vite.js`, '--config', 'frontend/vite.config.ts', 'frontend'],
        {
          ...process.env,
          NODE_ENV: 'development',
          WEB_PORT: String(devPort),
          COMMAND_SERVICE_URL: topology.urls.command,
          QUERY_SERVICE_URL: topology.urls.query,
          REALTIME_GATEWAY_URL: topology.urls.gateway,
          EDGE_SECRET: topology.edgeSecret,
        },
      ),
    );
    await Promise.all([
      answering(`${edgeUrl}/healthz`, 'the edge'),
      answering(`${devUrl}/`, 'the dev server'),
    ]);
    console.log('→ seeding a job seeker, an employer, 12 jobs and 12 posts');
    const cookie = await seed(topology.urls.command, edgeUrl);
    // The read models have caught up once the viewer's feed shows the posts.
    await waitUntil(
      'the seeded posts in the feed',
      async () => {
        const reply = await fetch(`${edgeUrl}/api/posts/feed`, { headers: { cookie } });
        const feed = (await reply.json().catch(() => null)) as { data?: unknown[] } | null;
        return (feed?.data?.length ?? 0) > 0;
      },
      30_000,
    );

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: CHROME_FLAGS.slice(1),
    });
    const results: PageResult[] = [];
    for (const path of pages) {
      const signedIn = path === '/login' ? undefined : cookie;
      // One load of each first, unmeasured: Vite transforms each module on its first request.
      await loadCold(browser, devUrl, path, signedIn);
      await loadCold(browser, edgeUrl, path, signedIn);
      const edge: ColdLoad[] = [];
      const dev: ColdLoad[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        edge.push(await loadCold(browser, edgeUrl, path, signedIn));
        dev.push(await loadCold(browser, devUrl, path, signedIn));
        process.stdout.write(`\r  ${path}: cold load ${run + 1}/${RUNS} on each edge   `);
      }
      results.push({ path, edge: summaryOf(edge), dev: summaryOf(dev) });
    }
    process.stdout.write('\n');
    await browser.close();
    browser = undefined;

    const reports = `${ROOT}bench/reports`;
    mkdirSync(reports, { recursive: true });
    for (const result of results) {
      process.stdout.write(`  Lighthouse ${result.path} ...`);
      const signedIn = result.path === '/login' ? undefined : cookie;
      const { scores, metrics } = await lighthouse(
        `${edgeUrl}${result.path}`,
        signedIn,
        `${LOG_DIR}/lighthouse${result.path.replace('/', '-')}.json`,
      );
      result.lighthouse = scores;
      result.lighthouseMetrics = metrics;
      process.stdout.write(
        ` ${Object.entries(scores)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}\n`,
      );
    }

    const stampText = new Date().toISOString().replace(/[:.]/g, '-');
    const report = { date: new Date().toISOString(), runs: RUNS, targets: webTargets, results };
    writeFileSync(`${reports}/web-${stampText}.json`, `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(`${reports}/web-${stampText}.html`, renderWebHtml(report));
    // The charts alone too, as the figure docs/performance.md shows (copied there with a dated run).
    writeFileSync(`${reports}/web-${stampText}.svg`, webChartsSvg(report));
    console.log(`\n${renderWebTable(results)}`);
    console.log(`\nreport: bench/reports/web-${stampText}.html (.json beside it)`);
  } finally {
    await browser?.close();
    for (const child of children) {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {}
    }
    await topology.stop();
    rmSync(edgePrefix, { recursive: true, force: true });
  }
}

/** The three charts stacked in one SVG document, each under its title. */
export function webChartsSvg(report: { runs: number; results: PageResult[] }): string {
  let y = 0;
  let width = 0;
  const placed = webCharts(report).map((chart) => {
    const title = /<figcaption>([^<]*)/.exec(chart)?.[1]?.trim() ?? '';
    const svg = chart.slice(chart.indexOf('<svg'), chart.lastIndexOf('</svg>') + '</svg>'.length);
    const height = Number(/height="(\d+)"/.exec(svg)?.[1] ?? 300);
    width = Math.max(width, Number(/width="(\d+)"/.exec(svg)?.[1] ?? 740));
    const part = `<text x="0" y="${y + 18}" font-size="15" font-weight="600">${title}</text>${svg.replace('<svg ', `<svg y="${y + 28}" `)}`;
    y += height + 48;
    return part;
  });
  const label = 'First visit: cold loads, JavaScript on the wire and Lighthouse scores per page';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" role="img" aria-label="${label}" font-family="system-ui, sans-serif"><title>${label}</title><rect width="100%" height="100%" fill="#fff"/>${placed.join('')}</svg>\n`;
}

const check = (ok: boolean) => (ok ? 'met' : 'MISSED');

export function renderWebTable(results: PageResult[]): string {
  const rows = [
    [
      'page',
      'cold load p50 (ms)',
      'dev server p50 (ms)',
      'ratio',
      'requests',
      'JS KB (wire)',
      'perf',
      'a11y',
      'best pr.',
      'targets',
    ],
  ];
  for (const r of results) {
    const lh = r.lighthouse ?? {};
    const missed: string[] = [];
    if (!(r.edge.ms.p50 <= webTargets.coldLoadP50Ms)) missed.push('load');
    const jsTarget = webTargets.jsKb[r.path];
    if (jsTarget !== undefined && !(r.edge.jsKb <= jsTarget)) missed.push('JS');
    if (!(r.edge.requests <= webTargets.requests)) missed.push('requests');
    for (const [name, min] of Object.entries(webTargets.lighthouse)) {
      if (!((lh[name] ?? 0) >= min)) missed.push(name);
    }
    rows.push([
      r.path,
      r.edge.ms.p50.toFixed(0),
      r.dev.ms.p50.toFixed(0),
      (r.edge.ms.p50 / r.dev.ms.p50).toFixed(2),
      String(r.edge.requests),
      r.edge.jsKb.toFixed(0),
      String(lh.performance ?? '-'),
      String(lh.accessibility ?? '-'),
      String(lh['best-practices'] ?? '-'),
      missed.length === 0 ? check(true) : `${check(false)}: ${missed.join(', ')}`,
    ]);
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  return rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')).join('\n');
}

/** The three charts of a run: cold loads, JavaScript on the wire, Lighthouse scores (inline SVG each). */
export function webCharts(report: { runs: number; results: PageResult[] }): string[] {
  return [
    barChart({
      title: `Cold load until the main content shows, p50 of ${report.runs}`,
      unit: 'ms',
      groups: report.results.map((r) => ({
        label: r.path,
        bars: [
          { series: 'production edge', value: r.edge.ms.p50 },
          { series: 'Vite dev server (baseline)', value: r.dev.ms.p50 },
        ],
      })),
    }),
    barChart({
      title: 'JavaScript on the wire, first load',
      unit: 'KB',
      groups: report.results.map((r) => ({
        label: r.path,
        bars: [
          { series: 'production edge', value: r.edge.jsKb },
          { series: 'Vite dev server (baseline)', value: r.dev.jsKb },
        ],
      })),
    }),
    barChart({
      title: 'Lighthouse (mobile profile), production edge',
      unit: 'score',
      groups: report.results.map((r) => ({
        label: r.path,
        bars: Object.entries(r.lighthouse ?? {}).map(([series, value]) => ({ series, value })),
      })),
    }),
  ];
}

export function renderWebHtml(report: { date: string; runs: number; results: PageResult[] }): string {
  const charts = webCharts(report);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Web bench ${escapeHtml(report.date)}</title></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem">
<h1>First visit: cold loads and Lighthouse</h1>
<p>${escapeHtml(report.date)}; ${report.runs} cold loads per page and edge.</p>
<pre>${escapeHtml(renderWebTable(report.results))}</pre>
${charts.join('\n')}
</body></html>
`;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
