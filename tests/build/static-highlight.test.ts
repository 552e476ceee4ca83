import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// plugins/static-highlight: code is highlighted in the static HTML and Prism is not in the
// bundle every page loads (it is a lazy chunk for blocks built at run time).
const build = join(__dirname, '..', '..', 'build');
const js = join(build, 'assets', 'js');

describe('build-time code highlighting', () => {
  it('pages carry Prism token spans with the theme colours', () => {
    const html = readFileSync(
      join(build, 'connect', 'fulfillment', 'api', 'create_delivery_order.html'),
      'utf8',
    );
    expect(html).toMatch(/<span class="token property" style="?color:#[0-9a-f]{6}"?>/);
    expect(html).toMatch(/<span class="token string" style="?color:#[0-9a-f]{6}"?>/);
    expect(html).not.toContain('data-tokens');
  });

  it('keeps Prism out of the main bundle and in exactly one lazy chunk', () => {
    const files = readdirSync(js).filter((f) => f.endsWith('.js'));
    const withPrism = files.filter((f) => readFileSync(join(js, f), 'utf8').includes('languages.clike'));
    expect(withPrism.filter((f) => f.startsWith('main.') || f.startsWith('runtime'))).toEqual([]);
    expect(withPrism).toHaveLength(1);
  });
});
