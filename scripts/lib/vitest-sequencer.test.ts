import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LongestProjectsFirst } from './vitest-sequencer.ts';

/** A file of `project` that took `ms` in the last run (undefined: no result yet). */
function file(project: string, name: string, ms: number | undefined, groupOrder = 0) {
  return {
    spec: {
      moduleId: `/repo/${project}/${name}`,
      project: { name: project, config: { sequence: { groupOrder }, isolate: false } },
    } as unknown as TestSpecification,
    ms,
  };
}

async function order(files: ReturnType<typeof file>[]): Promise<string[]> {
  const results = new Map(
    files.map((f) => [f.spec, f.ms === undefined ? undefined : { duration: f.ms, failed: false }]),
  );
  const ctx = { cache: { getTestSpecificationResult: (spec: TestSpecification) => results.get(spec) } };
  const sorted = await new LongestProjectsFirst(ctx as unknown as Vitest).sort(files.map((f) => f.spec));
  return sorted.map((spec) => spec.moduleId.replace('/repo/', ''));
}

describe('LongestProjectsFirst', () => {
  it('keeps each project together, longest file first, and starts the project with the longest file', async () => {
    expect(
      await order([
        file('contracts', 'a.test.ts', 900),
        file('repo', 'supervise.test.ts', 22_000),
        file('repo', 'secrets.test.ts', 300),
        file('query-service', 'batch.test.ts', 45_000),
        file('query-service', 'small.test.ts', 50),
        file('contracts', 'b.test.ts', 2_000),
      ]),
    ).toEqual([
      'query-service/batch.test.ts',
      'query-service/small.test.ts',
      'repo/supervise.test.ts',
      'repo/secrets.test.ts',
      'contracts/b.test.ts',
      'contracts/a.test.ts',
    ]);
  });

  it('runs a project with a file not run before first, and keeps sequence.groupOrder above all', async () => {
    expect(
      await order([
        file('bench', 'late.test.ts', 60_000, 1),
        file('contracts', 'a.test.ts', 900),
        file('frontend', 'new.test.ts', undefined),
        file('query-service', 'batch.test.ts', 45_000),
      ]),
    ).toEqual([
      'frontend/new.test.ts',
      'query-service/batch.test.ts',
      'contracts/a.test.ts',
      'bench/late.test.ts',
    ]);
  });
});
