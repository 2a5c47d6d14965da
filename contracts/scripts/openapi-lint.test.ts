/**
 * docs/api/openapi.json against Redocly's recommended rules (the same rules `redocly lint` applies): no
 * error, so standard tools (generators, gateways, documentation sites) read it as written.
 */
import { fileURLToPath } from 'node:url';
import { createConfig, lint } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';

const OPENAPI = fileURLToPath(new URL('../../docs/api/openapi.json', import.meta.url));

describe('docs/api/openapi.json', () => {
  it("passes Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lint({ ref: OPENAPI, config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`);
    expect(errors).toEqual([]);
  }, 30_000);
});
