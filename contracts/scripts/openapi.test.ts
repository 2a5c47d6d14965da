import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiJson } from '../src/openapi-document.ts';
import { OPENAPI_PATH } from './write-openapi.ts';

describe('docs/api/openapi.json', () => {
  it('is up to date with the route table', () => {
    const committed = readFileSync(OPENAPI_PATH, 'utf8');
    expect(committed === openApiJson(), 'docs/api/openapi.json is stale: run `npm run openapi`').toBe(true);
  });
});
