import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The README and every page of docs/: each relative link names a file that exists, and each #anchor a heading of it. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pages = [
  join(ROOT, 'README.md'),
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ROOT, 'docs', name)),
];

/** GitHub's anchor for a heading: lower case, punctuation but hyphens dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

function anchorsIn(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const base = anchorOf(heading[1] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

function linksIn(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
}

describe('the README and docs/', () => {
  it('make GitHub anchors as GitHub does', () => {
    expect(anchorOf('The test suite (2026-11-30)')).toBe('the-test-suite-2026-11-30');
    expect(anchorOf('The backend benchmark (`npm run bench`)')).toBe('the-backend-benchmark-npm-run-bench');
    expect(anchorOf('People search, typeahead and profiles')).toBe('people-search-typeahead-and-profiles');
  });

  it("keep the README a newcomer's page: at most 400 lines", () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(400);
  });

  it('link only to files that exist and headings they have', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const link of linksIn(page)) {
        if (/^[a-z]+:/i.test(link)) continue; // another site, or mailto:
        const [path = '', anchor] = link.split('#');
        const target = path === '' ? page : resolve(dirname(page), path);
        const where = `${relative(ROOT, page)}: ${link}`;
        if (!existsSync(target)) broken.push(`${where} (no such file)`);
        else if (anchor && target.endsWith('.md') && !anchorsIn(target).has(anchor)) {
          broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
