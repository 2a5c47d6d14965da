/**
 * Writes docs/events/catalogue.json (the AsyncAPI event catalogue) from the zod schemas.
 * Run with `npm run catalogue` (or `node contracts/scripts/write-catalogue.ts`) under Node 24.
 *
 * Before writing it compares the new catalogue with the committed one (docs/events/README.md,
 * "Versioning") and prints every change. A change that breaks the rules stops it: consumers read the
 * topics from the beginning with the committed catalogue, so there is no override. The way through is
 * a new schemaVersion with the old version kept (previousVersions and its upcaster) and the catalogue
 * version raised.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { catalogueDocument, catalogueJson } from '../src/catalogue-document.ts';
import { committedCatalogue, compareCatalogues, formatFindings } from './catalogue-compat.ts';

export const CATALOGUE_PATH = join(import.meta.dirname, '..', '..', 'docs', 'events', 'catalogue.json');

const REPO_ROOT = join(import.meta.dirname, '..', '..');

/** The catalogue to compare with: HEAD's, else (no git) the file on disk, else none (the first one). */
function baseline(): { document: unknown; label: string } | null {
  const head = committedCatalogue(REPO_ROOT, 'HEAD');
  if (head !== null) return { document: head, label: 'docs/events/catalogue.json at HEAD' };
  if (existsSync(CATALOGUE_PATH)) {
    return {
      document: JSON.parse(readFileSync(CATALOGUE_PATH, 'utf8')),
      label: 'docs/events/catalogue.json on disk (not committed in git here)',
    };
  }
  return null;
}

if (import.meta.main) {
  const base = baseline();
  if (base === null) {
    console.log('No committed catalogue to compare with: writing the first one.');
  } else {
    const findings = compareCatalogues(base.document, catalogueDocument());
    console.log(
      findings.length === 0
        ? `No change a consumer could notice, compared with ${base.label}.`
        : `Compared with ${base.label}:\n${formatFindings(findings)}`,
    );
    const errors = findings.filter((finding) => finding.severity === 'error');
    if (errors.length > 0) {
      console.error(
        `\nNot written: ${errors.length} change${errors.length > 1 ? 's break' : ' breaks'} the versioning rules of docs/events/README.md.\n` +
          'There is no override: the topics keep every event forever and consumers read them with the committed catalogue.\n' +
          'For a breaking change, raise the event type’s schemaVersion, keep the old version in its previousVersions ' +
          '(contracts/src/events/*.ts) with an upcaster to the new data, and raise CATALOGUE_VERSION ' +
          '(contracts/src/catalogue-document.ts) as the errors above say.',
      );
      process.exit(1);
    }
  }
  mkdirSync(dirname(CATALOGUE_PATH), { recursive: true });
  writeFileSync(CATALOGUE_PATH, catalogueJson());
  console.log(`Wrote ${CATALOGUE_PATH}`);
}
