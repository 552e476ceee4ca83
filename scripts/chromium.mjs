/**
 * Debian's Chromium, as every browser-driving script here launches it (Playwright config,
 * benchmarks, screenshots): `npx playwright install` cannot download browsers on these
 * machines, and without the background-networking flags Chromium floods the closed network
 * with refused connections (machine notes). CHROMIUM_PATH overrides the binary.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
