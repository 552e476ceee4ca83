#!/usr/bin/env node
/**
 * Screenshots for review (`npm run screenshots -- /path …`): each path in light and dark, at
 * desktop (1440 px) and mobile (390 px) width, from a server already running at
 * SCREENSHOT_BASE_URL (default http://127.0.0.1:3000). PNGs go to screenshots/ (ignored by git).
 * `--try-it`: on an API operation page, open Try it, press its Prepare control when it has one,
 * and show the panel (`npm run screenshots -- --try-it /connect/fulfillment/api/create_delivery_order`).
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const base = process.env.SCREENSHOT_BASE_URL ?? 'http://127.0.0.1:3000';
const args = process.argv.slice(2);
const tryIt = args.includes('--try-it');
const given = args.filter((a) => a !== '--try-it');
const paths = given.length ? given : ['/'];
const sizes = { desktop: { width: 1440, height: 900 }, mobile: { width: 390, height: 844 } };

mkdirSync('screenshots', { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
for (const path of paths) {
  for (const mode of ['light', 'dark']) {
    for (const [size, viewport] of Object.entries(sizes)) {
      const page = await browser.newPage({ viewport });
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await page.goto(base + path, { waitUntil: 'networkidle' });
      if (tryIt) {
        await page.locator('html[data-has-hydrated="true"]').waitFor();
        await page.getByRole('button', { name: 'Try it' }).click();
        const prepare = page.getByRole('button', { name: /^Prepare: / });
        await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
        if (await prepare.count()) {
          await prepare.click();
          await page.locator('.try-it__calls').waitFor();
        }
        const shown = (await prepare.count()) ? '.try-it__prepare' : '.try-it__panel';
        await page.locator(shown).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      }
      const name = `${path.replace(/\W+/g, '_') || 'home'}${tryIt ? '-try-it' : ''}-${mode}-${size}.png`;
      await page.screenshot({ path: `screenshots/${name}`, fullPage: process.env.FULL === '1' });
      await page.close();
      console.log(`screenshots/${name}`);
    }
  }
}
await browser.close();
