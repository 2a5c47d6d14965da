import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// No edge plugin here: tests never start the dev server. The edge-*.test.ts files beside this one
// run in the node environment as a project of their own (frontend-edge in the root vitest.config.ts).
export default defineConfig({
  plugins: [react()],
  // As the app is built (vite.config.ts): zod without eval.
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  test: {
    name: 'frontend',
    environment: 'jsdom',
    // One jsdom per worker, each file still in a context of its own: jsdom once per file cost about
    // a second each, 45 times (the project took 60 s on two workers, 27 s this way).
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    // A test that types a whole form takes about a second alone and several beside the integration
    // tests of npm test on two cores; vitest's 5 s default then fails tests that pass.
    testTimeout: 20_000,
    setupFiles: ['./src/testing/setup.ts'],
    // Vitest empties CSS by default; styles.test.ts reads the design tokens from the real file.
    css: { include: [/styles\.css/] },
  },
});
