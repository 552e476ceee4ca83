import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

/**
 * E2E suite: Debian's Chromium (npx playwright install cannot download browsers here)
 * against the production build served on localhost by `docusaurus serve`.
 * E2E_PORT (default 4173) picks the port; E2E_BASE_URL points the suite at a server
 * that is already running instead.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const externalBaseUrl = process.env.E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${port}`;
/** The same build behind the production nginx configuration (npm run serve:nginx). */
/**
 * What depends on the production server runs behind nginx only: its own checks (server.spec)
 * and every sitemap page under its headers and CSP (sitemap.spec). Everything else is about
 * the site, not the server, and runs once, against `docusaurus serve`.
 */
const SERVER_SPECS = /(server|sitemap)\.spec\.ts/;
const nginxPort = Number(process.env.E2E_NGINX_PORT ?? port + 7);
const nginxURL = `http://127.0.0.1:${nginxPort}`;

/**
 * Debian's Chromium as every Playwright run here launches it (this suite and the preview test,
 * playwright.preview.config.ts). QUIC off: the closed network refuses it and Chromium would retry.
 */
export const launchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, '--disable-quic'],
};

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  // A test.only left in a spec would silently skip the rest of the suite on CI.
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: SERVER_SPECS,
    },
    ...(externalBaseUrl
      ? []
      : [
          {
            name: 'nginx',
            use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: nginxURL },
            testMatch: SERVER_SPECS,
          },
        ]),
  ],
  webServer: externalBaseUrl
    ? undefined
    : [
        {
          command: `npx docusaurus serve --no-open --host 127.0.0.1 --port ${port}`,
          url: baseURL,
          reuseExistingServer: !process.env.CI,
          timeout: 60_000,
        },
        {
          command: `PORT=${nginxPort} npm run --silent serve:nginx`,
          url: nginxURL,
          reuseExistingServer: !process.env.CI,
          timeout: 60_000,
        },
      ],
});
