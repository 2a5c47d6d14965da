import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The read side stays in files a person can hold in their head: none over 400 lines, tests included. */
const SRC = dirname(fileURLToPath(import.meta.url));
const MAX_LINES = 400;

describe('query-service/src', () => {
  it(`has no file over ${MAX_LINES} lines`, () => {
    const long = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => ({ name, lines: readFileSync(join(SRC, name), 'utf8').trimEnd().split('\n').length }))
      .filter((file) => file.lines > MAX_LINES)
      .map((file) => `${file.name}: ${file.lines} lines`);
    expect(long).toEqual([]);
  });
});
