// scripts/secrets.sh: a new file has every secret; an older file keeps its values and gains the new ones.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { testOnlySecrets } from '../service-kit/src/config.ts';

const script = fileURLToPath(new URL('./secrets.sh', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'careers-secrets-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const valuesOf = (path: string) =>
  Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => /^\w+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
// Every secret the services ask for outside the tests.
const names = Object.keys(testOnlySecrets).sort();

describe('scripts/secrets.sh', () => {
  it('writes every secret once, random and readable by its owner only, and leaves the file alone after', () => {
    const path = join(folder, 'fresh.env');
    execFileSync('bash', [script, path]);
    const first = valuesOf(path);
    expect(Object.keys(first).sort()).toEqual(names);
    for (const value of Object.values(first)) expect(value).toMatch(/^[\w-]{43}$/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(execFileSync('bash', [script, path], { encoding: 'utf8' })).toBe('');
    expect(valuesOf(path)).toEqual(first);
  });

  it('appends a secret an older file lacks, keeping the values it has', () => {
    const path = join(folder, 'older.env');
    writeFileSync(
      path,
      'CONSISTENCY_TOKEN_SECRET=kept-1\nPERSONAL_DATA_SECRET=kept-2\nS3_SECRET_KEY=kept-3\n',
      {
        mode: 0o600,
      },
    );
    expect(execFileSync('bash', [script, path], { encoding: 'utf8' })).toMatch(/added EDGE_SECRET/);
    const values = valuesOf(path);
    expect(values).toMatchObject({
      CONSISTENCY_TOKEN_SECRET: 'kept-1',
      PERSONAL_DATA_SECRET: 'kept-2',
      S3_SECRET_KEY: 'kept-3',
    });
    expect(values.EDGE_SECRET).toMatch(/^[\w-]{43}$/);
  });
});
