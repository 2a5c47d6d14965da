import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bench',
    // One module graph per worker, files run in turn: a fork per file cost about a quarter second each.
    isolate: false,
    // Unit tests of the pure parts only: the bench itself runs through `npm run bench`.
    include: ['src/**/*.test.ts'],
    // The generators' checks make and validate thousands of events: about a second alone, 6 to 8 s
    // beside the rest of a first npm test on two cores, past vitest's 5 s default. They compute and
    // wait on nothing that could hang, so their limit is the machine's.
    testTimeout: 60_000,
  },
});
