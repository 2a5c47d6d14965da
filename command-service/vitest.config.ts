import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'command-service',
    include: ['src/**/*.test.ts'],
    // Integration tests talk to the real local stack; Kafka group joins take a moment.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per worker, not per file: each file starts its own service on its own schema and
    // topics, and no test here mocks modules or changes the environment. Imports were a quarter of this
    // project's time (38 s against 27 s for its 31 files on 3 workers).
    isolate: false,
  },
});
