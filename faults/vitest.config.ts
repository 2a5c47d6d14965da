import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'faults',
    include: ['src/**/*.test.ts'],
    // The bounded fault run kills and restarts its own processes: it runs alone, within about 2 minutes.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
