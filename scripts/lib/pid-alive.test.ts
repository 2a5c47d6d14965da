/**
 * `pid_alive` decides whether `npm start` starts a service or reports it running. A service that was
 * SIGKILLed stays a zombie until its parent reaps it, and `kill -0` succeeds on a zombie: it must count
 * as dead, or `npm start` right after a crash starts nothing.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const common = fileURLToPath(new URL('./common.sh', import.meta.url));
const stack = mkdtempSync(join(tmpdir(), 'careers-pid-alive-'));

afterAll(() => rmSync(stack, { recursive: true, force: true }));

function pidAlive(name: string): boolean {
  const script = `source "${common}"; if pid_alive "${name}"; then echo yes; else echo no; fi`;
  const out = execFileSync('bash', ['-c', script], { env: { ...process.env, CAREERS_STACK_DIR: stack } });
  return out.toString().trim() === 'yes';
}

const record = (name: string, pid: number) => writeFileSync(join(stack, 'run', `${name}.pid`), `${pid}\n`);

describe('pid_alive', () => {
  it('is true for a running process and false without a pid file or for an ended one', () => {
    pidAlive('nothing'); // makes the run directory
    expect(pidAlive('nothing')).toBe(false);
    record('self', process.pid);
    expect(pidAlive('self')).toBe(true);
    const ended = spawn('true');
    return new Promise<void>((resolve) => {
      ended.on('exit', () => {
        record('ended', ended.pid as number);
        expect(pidAlive('ended')).toBe(false);
        resolve();
      });
    });
  });

  it('is false for a killed process its parent has not reaped yet (a zombie)', async () => {
    // The parent starts a child, prints its pid and becomes `sleep`, which never reaps children; the
    // test then kills the child, which stays a zombie for as long as that parent lives.
    const parent = spawn('bash', ['-c', 'sleep 30 & echo $!; exec sleep 10'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const pid = Number(
        await new Promise<string>((resolve) => parent.stdout.once('data', (chunk) => resolve(String(chunk)))),
      );
      const comm = () => readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim();
      for (let i = 0; i < 100 && comm() !== 'sleep'; i++) await new Promise((r) => setTimeout(r, 20));
      expect(comm()).toBe('sleep'); // the parent can no longer reap anything
      process.kill(pid, 'SIGKILL');
      let state = '';
      for (let i = 0; i < 100 && state !== 'Z'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        state = readFileSync(`/proc/${pid}/stat`, 'utf8')
          .replace(/^.*\) /, '')
          .charAt(0);
      }
      expect(state).toBe('Z');
      record('zombie', pid);
      expect(pidAlive('zombie')).toBe(false);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
