import { spawn } from 'node:child_process';

/** How a command-line tool run by a test ended: its exit code and everything it printed. */
export interface ToolRun {
  code: number | null;
  output: string;
}

/**
 * Runs a tool to its end, collecting stdout and stderr together; stopped with SIGTERM after `limitMs`
 * (said at the end of its output), so a test never waits on a tool that hangs.
 */
export function runTool(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; limitMs: number },
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => {
      output += `\n(stopped after ${options.limitMs} ms)`;
      child.kill('SIGTERM');
    }, options.limitMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
