/**
 * Writes docs/events/catalogue.json (the AsyncAPI event catalogue) from the zod schemas.
 * Run with `npm run catalogue` (or `node contracts/scripts/write-catalogue.ts`) under Node 24.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { catalogueJson } from '../src/catalogue-document.ts';

export const CATALOGUE_PATH = join(import.meta.dirname, '..', '..', 'docs', 'events', 'catalogue.json');

if (import.meta.main) {
  mkdirSync(dirname(CATALOGUE_PATH), { recursive: true });
  writeFileSync(CATALOGUE_PATH, catalogueJson());
  console.log(`Wrote ${CATALOGUE_PATH}`);
}
