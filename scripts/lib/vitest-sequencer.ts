import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (each project's files together, so a worker of an `isolate: false` project takes its
 * next file without importing everything again; failed and longest files first within a project), with
 * the projects ordered by their longest file. Alphabetical project order put a 22-second file of the
 * `repo` project last, running alone while the other workers idled; now the last projects are the
 * ones made of short files, and the run ends with every worker busy until seconds before the end.
 */
export class LongestProjectsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const longest = new Map<string, number>();
    for (const spec of sorted) {
      // A file without a result yet (new, or the first run) counts as the longest: it runs early.
      const ms = this.ctx.cache.getTestSpecificationResult(spec)?.duration ?? Number.POSITIVE_INFINITY;
      longest.set(spec.project.name, Math.max(longest.get(spec.project.name) ?? 0, ms));
    }
    const weight = (spec: TestSpecification) => longest.get(spec.project.name) ?? 0;
    // Array.prototype.sort is stable: each project's files keep vitest's order among themselves.
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        weight(b) - weight(a) ||
        (a.project.name < b.project.name ? -1 : a.project.name > b.project.name ? 1 : 0),
    );
  }
}
