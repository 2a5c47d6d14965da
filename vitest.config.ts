import { defineConfig } from 'vitest/config';
import { LongestProjectsFirst } from './scripts/lib/vitest-sequencer.ts';

/** One run for the whole monorepo: each workspace is a project with its own config. */
export default defineConfig({
  test: {
    sequence: { sequencer: LongestProjectsFirst },
    projects: [
      'contracts',
      'service-kit',
      'command-service',
      'query-service',
      'realtime-gateway',
      'frontend',
      {
        // The edge's own checks (proxy, routing, the dev server): node, no DOM, not in a VM context.
        root: './frontend',
        test: { name: 'frontend-edge', include: ['*.test.ts'], environment: 'node', isolate: false },
      },
      'e2e',
      {
        root: './e2e',
        test: {
          name: 'e2e-int',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          isolate: false,
        },
      },
      'bench',
      'faults',
      {
        test: {
          name: 'repo',
          include: ['scripts/**/*.test.ts'],
          isolate: false,
        },
      },
    ],
  },
});
