import { defineConfig, devices } from '@playwright/test';
import { launchOptions } from './playwright.config';

/**
 * The writers' preview (`npm run test:preview`): `docusaurus start` in Debian's Chromium, the
 * way a writer uses it (tests/preview/). Separate from the e2e suite, which runs against the
 * production build. PREVIEW_PORT (default 4381) picks the port.
 */
const port = Number(process.env.PREVIEW_PORT ?? 4381);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests/preview',
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  // A page's first visit waits for its compile; the wait for the start is the webServer's.
  timeout: 180_000,
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions,
    ...devices['Desktop Chrome'],
    channel: undefined,
  },
  webServer: {
    command: `npx docusaurus start --no-open --host 127.0.0.1 --port ${port}`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    // A start with a cold Rspack cache (a clean clone) on the 2-core machine.
    timeout: 600_000,
  },
});
