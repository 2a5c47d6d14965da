import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'service-kit',
    // One module graph per worker, files run in turn: a fork per file cost about a quarter second each.
    isolate: false,
    include: ['src/**/*.test.ts'],
    // Integration tests talk to the real local stack; Kafka group joins take a moment.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
