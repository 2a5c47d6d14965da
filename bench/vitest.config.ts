import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bench',
    // One module graph per worker, files run in turn: a fork per file cost about a quarter second each.
    isolate: false,
    // Unit tests of the pure parts only: the bench itself runs through `npm run bench`.
    include: ['src/**/*.test.ts'],
  },
});
