/**
 * Writes docs/api/openapi.json (the HTTP API as OpenAPI 3.1) from the contracts route table.
 * Run with `npm run openapi` (or `node contracts/scripts/write-openapi.ts`) under Node 24.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openApiJson } from '../src/openapi-document.ts';

export const OPENAPI_PATH = join(import.meta.dirname, '..', '..', 'docs', 'api', 'openapi.json');

if (import.meta.main) {
  mkdirSync(dirname(OPENAPI_PATH), { recursive: true });
  writeFileSync(OPENAPI_PATH, openApiJson());
  console.log(`Wrote ${OPENAPI_PATH}`);
}
