import { defineConfig } from 'vitest/config';

/** One run for the whole monorepo: each workspace is a project with its own config. */
export default defineConfig({
  test: {
    projects: [
      'contracts',
      'service-kit',
      'command-service',
      'query-service',
      'realtime-gateway',
      'frontend',
      'e2e',
      'bench',
      'faults',
      {
        test: {
          name: 'repo',
          include: ['scripts/**/*.test.ts'],
        },
      },
    ],
  },
});
