import { darkCodeTheme, lightCodeTheme } from '../../config/prism';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// plugins/static-highlight: code is highlighted in the static HTML and Prism is not in the
// bundle every page loads (it is a lazy chunk for blocks built at run time).
const build = join(__dirname, '..', '..', 'build');
const js = join(build, 'assets', 'js');

describe('build-time code highlighting', () => {
  it('pages carry Prism token spans, coloured by the site stylesheet in both modes', () => {
    const html = readFileSync(
      join(build, 'connect', 'fulfillment', 'api', 'create_delivery_order.html'),
      'utf8',
    );
    // Same markup whatever the reader's colour mode: class names, no inline colours.
    expect(html).toMatch(/<span class="?token property"?>/);
    expect(html).toMatch(/<span class="?token string"?>/);
    expect(html).not.toMatch(/class="?token [\w -]+"? style="?color/);
    expect(html).not.toContain('data-tokens');
    const cssFile = html.match(/href=["']?(\/assets\/css\/styles\.[\w]+\.css)/)?.[1];
    expect(cssFile).toBeDefined();
    const css = readFileSync(join(build, cssFile!), 'utf8');
    for (const [mode, theme] of [
      ['light', lightCodeTheme],
      ['dark', darkCodeTheme],
    ] as const) {
      const property = theme.styles.find((s) => s.types.includes('property'))!.style.color!;
      const rule = new RegExp(
        `\\[data-theme=["']?${mode}["']?\\] \\.prism-code \\.token\\.property[^{]*\\{color:${property}`,
        'i',
      );
      expect(css).toMatch(rule);
    }
  });

  it('keeps Prism out of the main bundle and in exactly one lazy chunk', () => {
    const files = readdirSync(js).filter((f) => f.endsWith('.js'));
    const withPrism = files.filter((f) => readFileSync(join(js, f), 'utf8').includes('languages.clike'));
    expect(withPrism.filter((f) => f.startsWith('main.') || f.startsWith('runtime'))).toEqual([]);
    expect(withPrism).toHaveLength(1);
  });
});
