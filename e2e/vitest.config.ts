import { defineConfig } from 'vitest/config';

/**
 * The browser tests (`*.e2e.test.ts`): they share one running copy of the product (global-setup.ts)
 * and one Chromium, so they run one file at a time. The system tests beside them (`*.int.test.ts`)
 * each start the backend in their own namespace: they are the `e2e-int` project of the root
 * vitest.config.ts and run in parallel with everything else.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    globalSetup: ['./global-setup.ts'],
    include: ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    isolate: false,
  },
});
