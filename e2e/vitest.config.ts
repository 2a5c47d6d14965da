import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    globalSetup: ['./global-setup.ts'],
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser tests share one running stack and one Chromium: run them one file at a time.
    fileParallelism: false,
  },
});
