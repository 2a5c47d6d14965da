import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// No edge plugin here: tests never start the dev server. edge-*.test.ts opt into the node environment.
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
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    // Vitest empties CSS by default; styles.test.ts reads the design tokens from the real file.
    css: { include: [/styles\.css/] },
  },
});
