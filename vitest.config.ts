import { defineConfig } from 'vitest/config';

// Unit tests only; the e2e suite (tests/e2e) runs under Playwright.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});
