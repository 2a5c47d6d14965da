/**
 * `npm start` runs each service under scripts/supervise.sh: a process that ends (a crash, a SIGKILL)
 * is started again after a pause that doubles up to a cap and falls back once a run stayed up; `npm run
 * stop` ends the supervisor and everything it started; a second `npm start` starts no second
 * supervisor; `npm run status` lists each service with its state, pid, uptime, restarts and readiness.
 * Tiny fake services stand in for the real ones, in a stack directory of the test's own.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../service-kit/src/testing.ts';

const services = fileURLToPath(new URL('./lib/services.sh', import.meta.url));
const stack = mkdtempSync(join(tmpdir(), 'careers-supervise-'));
const run = join(stack, 'run');
const started: string[] = [];

/** Fast timings, so each behaviour shows within seconds. */
const timings = {
  SUPERVISE_BACKOFF_MIN_MS: '200',
  SUPERVISE_BACKOFF_MAX_MS: '800',
  SUPERVISE_RESET_AFTER_MS: '1500',
  SUPERVISE_WATCHER_GRACE_MS: '1000',
};

function bash(script: string, extraEnv: Record<string, string> = {}): string {
  return execFileSync('bash', ['-c', `source "${services}"; ${script}`], {
    env: { ...process.env, ...timings, ...extraEnv, CAREERS_STACK_DIR: stack },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** A fake service: a bash script that appends its start time (epoch ms) to NAME.starts, then BODY. */
function fakeService(name: string, body: string): string {
  const path = join(stack, `${name}.sh`);
  writeFileSync(path, `echo "$(date +%s%3N)" >> "${join(stack, `${name}.starts`)}"\n${body}\n`);
  return path;
}

/** service_start; `crashes`: the service ends within its first second, which fails service_start. */
function start(name: string, readyUrl: string, command: string, crashes = false): void {
  started.push(name);
  bash(`service_start ${name} "${readyUrl}" ${command}${crashes ? ' || true' : ''}`);
}

const stop = (name: string) => bash(`service_stop ${name}`);
const startsOf = (name: string) =>
  existsSync(join(stack, `${name}.starts`))
    ? readFileSync(join(stack, `${name}.starts`), 'utf8')
        .trim()
        .split('\n')
        .map(Number)
    : [];
const pidOf = (name: string) => Number(readFileSync(join(run, `${name}.pid`), 'utf8'));
const supervisorOf = (name: string) => Number(readFileSync(join(run, `${name}.supervisor.pid`), 'utf8'));
const restartsOf = (name: string) => Number(readFileSync(join(run, `${name}.restarts`), 'utf8'));
const logOf = (name: string) => readFileSync(join(stack, 'logs', `${name}.log`), 'utf8');

function alive(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .charAt(0);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Processes whose command line mentions `text` (the fake services' script paths are unique). */
function processesRunning(text: string): number {
  const out = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(text) && !line.startsWith('ps ')).length;
}

async function until(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Each stop waits for its supervisor and service to end: seconds apiece on a busy machine.
afterAll(() => {
  for (const name of started) stop(name);
  rmSync(stack, { recursive: true, force: true });
}, 120_000);

describe('scripts/supervise.sh', { timeout: 30_000 }, () => {
  it('starts a SIGKILLed process again, counts and logs the restart, and stops everything cleanly', async () => {
    const script = fakeService('steady', 'exec sleep 300');
    start('steady', '', `bash ${script}`);
    const first = pidOf('steady');
    const supervisor = supervisorOf('steady');
    expect(alive(first)).toBe(true);
    expect(restartsOf('steady')).toBe(0);

    process.kill(first, 'SIGKILL');
    await until('a second start', () => startsOf('steady').length === 2);
    await until('a new pid', () => existsSync(join(run, 'steady.pid')) && pidOf('steady') !== first);
    expect(alive(pidOf('steady'))).toBe(true);
    expect(restartsOf('steady')).toBe(1);
    expect(logOf('steady')).toMatch(
      /steady pid \d+ was killed by SIGKILL after [\d.]+ s; restart 1 in 0\.2 s/,
    );
    expect(supervisorOf('steady')).toBe(supervisor);

    const second = pidOf('steady');
    stop('steady');
    expect(alive(second)).toBe(false);
    expect(alive(supervisor)).toBe(false);
    expect(processesRunning(script)).toBe(0);
    for (const file of ['pid', 'supervisor.pid', 'started']) {
      expect(existsSync(join(run, `steady.${file}`)), file).toBe(false);
    }
    expect(logOf('steady')).toMatch(/steady stopped\n$/);
  });

  it('doubles the pause after each quick exit, up to the cap', async () => {
    start('crashing', '', `bash ${fakeService('crashing', 'exit 3')}`, true);
    await until('six starts', () => startsOf('crashing').length >= 6, 20_000);
    stop('crashing');
    const starts = startsOf('crashing');
    const gaps = starts.slice(1, 6).map((at, i) => at - (starts[i] as number));
    // Each pause is at least the backoff (200, 400, 800, then capped at 800 ms); a loaded machine only
    // adds to it.
    [200, 400, 800, 800, 800].forEach((pause, i) => {
      expect(gaps[i], `gap ${i + 1} of ${gaps.join(', ')}`).toBeGreaterThanOrEqual(pause);
    });
    expect(gaps[0] as number).toBeLessThan(gaps[2] as number);
    expect(logOf('crashing')).toMatch(
      /crashing pid \d+ exited with code 3 after [\d.]+ s; restart 1 in 0\.2 s/,
    );
    expect(logOf('crashing')).toMatch(/restart 3 in 0\.8 s/);
    expect(logOf('crashing')).toMatch(/restart 4 in 0\.8 s/);
  });

  it('falls back to the shortest pause once a run stayed up long enough', async () => {
    // Starts 1 to 3 exit at once (pauses 200, 400, 800 ms); start 4 stays up 2 s (more than the
    // 1.5 s reset) and exits: the pause before start 5 is 200 ms again, not the 800 ms cap.
    const script = fakeService(
      'recovering',
      `[ "$(wc -l < "${join(stack, 'recovering.starts')}")" -ge 4 ] && sleep 2; exit 1`,
    );
    start('recovering', '', `bash ${script}`, true);
    await until('five starts', () => startsOf('recovering').length >= 5, 20_000);
    stop('recovering');
    expect(logOf('recovering')).toMatch(/restart 3 in 0\.8 s/);
    expect(logOf('recovering')).toMatch(/exited with code 1 after \d+\.\d s; restart 4 in 0\.2 s/);
  });

  it('restarts a node --watch whose program crashed (the watcher itself waits for a file change)', async () => {
    const program = join(stack, 'watched.mjs');
    writeFileSync(program, 'setTimeout(() => { throw new Error("boom"); }, 300);\n');
    start('watched', '', `node --watch ${program}`);
    const watcher = pidOf('watched');
    await until('a restart of the watcher', () => restartsOf('watched') >= 1);
    expect(alive(watcher)).toBe(false);
    expect(logOf('watched')).toMatch(
      /watched pid \d+ has been waiting for a file change since its program ended/,
    );
    stop('watched');
    expect(processesRunning(program)).toBe(0);
  });

  it('starts no second supervisor when started twice, and replaces a service left without one', () => {
    const script = fakeService('twice', 'exec sleep 300');
    start('twice', '', `bash ${script}`);
    const supervisor = supervisorOf('twice');
    const pid = pidOf('twice');
    expect(bash(`service_start twice "" bash ${script}`)).toContain('twice already running');
    expect(supervisorOf('twice')).toBe(supervisor);
    expect(pidOf('twice')).toBe(pid);
    expect(processesRunning(script)).toBe(1);

    // A supervisor killed outright leaves its process behind: the next start ends it first.
    process.kill(supervisor, 'SIGKILL');
    start('twice', '', `bash ${script}`);
    expect(alive(pid)).toBe(false);
    expect(supervisorOf('twice')).not.toBe(supervisor);
    expect(processesRunning(script)).toBe(1);
    stop('twice');
    expect(processesRunning(script)).toBe(0);
  });
});

describe('services_status (npm run status)', { timeout: 30_000 }, () => {
  it('lists a running service with its pid, uptime, restarts and readiness, and a stopped one as down', async () => {
    const [ready, notReady] = [await freePort(), await freePort()];
    const server = join(stack, 'ready-server.mjs');
    writeFileSync(
      server,
      `import { createServer } from 'node:http';
const [port, code] = process.argv.slice(2).map(Number);
const body = code === 200
  ? { status: 'ready', checks: { postgres: 'ok' }, info: { relay: 'publishing' } }
  : { status: 'not ready', checks: { postgres: 'ok', kafka: 'failing: connection refused' } };
createServer((request, response) => {
  response.writeHead(request.url === '/readyz' ? code : 404, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}).listen(port, '127.0.0.1');
`,
    );
    start('ready-api', `http://127.0.0.1:${ready}/readyz`, `node ${server} ${ready} 200`);
    // Its readiness answers 503, so service_start (which waits for a 2xx) would wait: no URL at start.
    start('lagging-api', '', `node ${server} ${notReady} 503`);
    writeFileSync(join(run, 'lagging-api.ready-url'), `http://127.0.0.1:${notReady}/readyz\n`);
    start('quiet', '', `bash ${fakeService('quiet', 'exec sleep 300')}`);
    start('gone', '', `bash ${fakeService('gone', 'exec sleep 300')}`);
    stop('gone');

    let code = 0;
    let out = '';
    try {
      out = bash('services_status ready-api lagging-api quiet gone never-started');
    } catch (error) {
      code = (error as { status: number }).status;
      out = String((error as { stdout: string }).stdout);
    }
    expect(code, `a service is down:\n${out}`).toBe(1);
    const rows = Object.fromEntries(
      out
        .trim()
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .map(([name, ...rest]) => [name, rest.join(' ')]),
    );
    const pid = (name: string) => String(pidOf(name));
    expect(rows.service).toBe('state pid uptime restarts ready');
    expect(rows['ready-api']).toMatch(
      new RegExp(`^up ${pid('ready-api')} \\d+s 0 200 ready, relay publishing$`),
    );
    expect(rows['lagging-api']).toMatch(
      new RegExp(`^up ${pid('lagging-api')} \\d+s 0 503 not ready \\(kafka failing\\)$`),
    );
    expect(rows.quiet).toMatch(new RegExp(`^up ${pid('quiet')} \\d+s 0 running$`));
    expect(rows.gone).toBe('down - - - -');
    expect(rows['never-started']).toBe('down - - - -');
  });
});
