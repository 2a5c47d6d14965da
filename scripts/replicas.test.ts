/**
 * `REPLICAS=N npm start` (scripts/lib/services.sh): copy k of a service is named <service>-k and
 * listens on its port + 10·(k-1); the edge gets every copy's address; `npm run stop` and `npm run
 * status` know the copies that were started.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const services = fileURLToPath(new URL('./lib/services.sh', import.meta.url));
const stack = mkdtempSync(join(tmpdir(), 'careers-replicas-'));
afterAll(() => rmSync(stack, { recursive: true, force: true }));

function bash(script: string, env: Record<string, string> = {}): { code: number; out: string } {
  try {
    const out = execFileSync('bash', ['-c', `source "${services}"; ${script}`], {
      env: { ...process.env, REPLICAS: '', ...env, CAREERS_STACK_DIR: stack },
      encoding: 'utf8',
      stdio: 'pipe',
      timeout: 30_000,
    });
    return { code: 0, out };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, out: `${failed.stdout}${failed.stderr}` };
  }
}

describe('REPLICAS', () => {
  it("names each copy and its port, and gives the edge every copy's address", () => {
    expect(bash('copy_name command-service 1; copy_name command-service 2; copy_port 4003 3').out).toBe(
      'command-service\ncommand-service-2\n4023\n',
    );
    expect(bash('copy_addresses 4001').out).toBe('127.0.0.1:4001\n');
    expect(bash('copy_addresses 4001', { REPLICAS: '2' }).out).toBe('127.0.0.1:4001,127.0.0.1:4011\n');
    expect(bash('copy_addresses 4002', { REPLICAS: '4' }).out).toBe(
      '127.0.0.1:4002,127.0.0.1:4012,127.0.0.1:4022,127.0.0.1:4032\n',
    );
  });

  it("gives each gateway copy its own query-service copy's URL first, then the others'", () => {
    expect(bash('query_urls_for 1').out).toBe('http://127.0.0.1:4002\n');
    expect(bash('query_urls_for 2', { REPLICAS: '3' }).out).toBe(
      'http://127.0.0.1:4012,http://127.0.0.1:4002,http://127.0.0.1:4022\n',
    );
  });

  it('refuses a number of copies it cannot run, saying which it takes', () => {
    for (const wrong of ['0', '5', 'two', '-1']) {
      const { code, out } = bash('copy_addresses 4001', { REPLICAS: wrong });
      expect(code, wrong).not.toBe(0);
      expect(out).toContain(`REPLICAS: expected 1 to 4, got '${wrong}'`);
    }
  });

  it('gives each copy its own port in the variable the service reads', () => {
    expect(bash('env_call PORT=4011 bash -c \'echo "$PORT"\'; echo "after: $PORT."', { PORT: '' }).out).toBe(
      '4011\nafter: .\n',
    );
  });

  it('lets stop and status know the copies that were started, and every first copy', () => {
    const run = join(stack, 'run');
    mkdirSync(run, { recursive: true });
    writeFileSync(join(run, 'query-service-2.supervisor.pid'), '999999\n');
    writeFileSync(join(run, 'realtime-gateway-3.pid'), '999999\n');
    expect(bash('known_processes').out.trim().split('\n')).toEqual([
      'command-service',
      'query-service',
      'query-service-2',
      'projector',
      'realtime-gateway',
      'realtime-gateway-3',
      'mailer',
      'web',
    ]);
  });
});
