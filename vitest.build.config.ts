import { defineConfig } from 'vitest/config';

// Tests of the build output (tests/build); run after `npm run build` by `npm run test:build`.
export default defineConfig({
  test: {
    include: ['tests/build/**/*.test.ts'],
    environment: 'node',
  },
});
