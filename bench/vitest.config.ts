import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bench',
    // Unit tests of the pure parts only: the bench itself runs through `npm run bench`.
    include: ['src/**/*.test.ts'],
  },
});
