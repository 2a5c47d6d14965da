import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'contracts',
    // One module graph per worker, files run in turn: a fork per file cost about a quarter second each.
    isolate: false,
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
  },
});
