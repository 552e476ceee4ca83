import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redirects } from '../../config/redirects';
import { PLATFORM_PORTAL_URL } from '../../config/navigation';

// Runs after `npm run build` (npm run test:build): every redirect of config/redirects.ts has
// its redirect page in build/, and every internal target is a page of the build.

const build = join(__dirname, '..', '..', 'build');

/** The HTML file a route is written to (trailingSlash: false → `<route>.html`). */
function fileOf(route: string): string {
  return route === '/' ? join(build, 'index.html') : join(build, `${route}.html`);
}

describe('redirects in the build', () => {
  it('lists the old paths the specification names', () => {
    const froms = redirects.map((r) => r.from).join(' ');
    for (const name of [
      'departments',
      'creatives',
      'create_shopping_list_page',
      'drive_awareness_campaigns',
      'loyalty_providers',
      'credential_rotation',
    ]) {
      expect(froms).toContain(name);
    }
  });

  for (const { from, to } of redirects) {
    it(`${from} → ${to}`, () => {
      const page = [fileOf(from), join(build, from, 'index.html')].find((f) => existsSync(f));
      expect(page, `no redirect page for ${from}`).toBeDefined();
      const html = readFileSync(page!, 'utf8');
      expect(html).toContain('http-equiv="refresh"');
      if (to.startsWith('/')) {
        expect(existsSync(fileOf(to)), `target ${to} is not a page of the build`).toBe(true);
        expect(html).toContain(`url=${to}`);
      } else {
        expect(to.startsWith(`${PLATFORM_PORTAL_URL}/`)).toBe(true);
        expect(html).toContain(`url=${to}`);
      }
    });
  }
});
