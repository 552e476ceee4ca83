import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// config/ssr-template.ts: every page leaves its entry scripts to the inline loader at the end of
// <body>, which preloads them once the stylesheet is in and starts them after the first paint,
// instead of `<script defer>` (or a preload) in <head>.
const build = join(__dirname, '..', '..', 'build');
const pages = [
  'index.html',
  'connect/fulfillment_guide/get_started.html',
  'connect/fulfillment/api/create_delivery_order.html',
  '404.html',
];

describe('entry scripts', () => {
  it.each(pages)('%s loads runtime~main and main from the loader only', (page) => {
    const html = readFileSync(join(build, page), 'utf8');
    expect(html).not.toMatch(/<script[^>]+src=[^>]+defer/);
    // No preload of a script in the markup: the preload scanner would fetch it beside the
    // render-blocking stylesheet (design/performance.md, "Entry scripts after the stylesheet").
    expect(html).not.toMatch(/<link[^>]+rel="?preload"?[^>]+as="?script/);
    const loaderArgs = html.match(/<script>[^<]*first-contentful-paint[^<]*\((\[[^\]]+\])\)<\/script>/);
    expect(loaderArgs).not.toBeNull();
    const scripts = JSON.parse(loaderArgs![1]!) as string[];
    expect(scripts).toHaveLength(2);
    expect(scripts[0]).toMatch(/^\/assets\/js\/runtime~main\.[0-9a-f]+\.js$/);
    expect(scripts[1]).toMatch(/^\/assets\/js\/main\.[0-9a-f]+\.js$/);
    for (const url of scripts) expect(existsSync(join(build, url))).toBe(true);
    // The loader sits after the app's markup, so it runs once the page is parsed.
    expect(html.indexOf(loaderArgs![0])).toBeGreaterThan(html.indexOf('id=__docusaurus'));
  });
});

describe('what the entry bundle leaves to lazy chunks', () => {
  /** The files of `dir` ending in `ext` whose text holds `text` (a string or a pattern). */
  const holdingIn = (dir: string, ext: string) => {
    const files = readdirSync(dir).filter((f) => f.endsWith(ext));
    return (text: string | RegExp) =>
      files.filter((f) => {
        const code = readFileSync(join(dir, f), 'utf8');
        return typeof text === 'string' ? code.includes(text) : text.test(code);
      });
  };
  const js = join(build, 'assets', 'js');
  const holding = holdingIn(js, '.js');

  it('keeps the local search client (plugins/search-index/client/localClient.ts) out of main, in one page chunk and the worker', () => {
    // A message only the local client has.
    const chunks = holding('Unable to load the search index');
    expect(chunks.filter((f) => f.startsWith('main.') || f.startsWith('runtime'))).toEqual([]);
    // The search worker (`search.<hash>.js`, design/search-engine.md "First use on a phone")
    // is a script of its own and carries the client it runs; the page has it once, for the
    // main-thread fallback.
    expect(chunks.filter((f) => /^search\.[0-9a-f]+\.js$/.test(f))).toHaveLength(1);
    expect(chunks.filter((f) => !/^search\.[0-9a-f]+\.js$/.test(f))).toHaveLength(1);
  });

  it("keeps the modal's styles out of the render-blocking stylesheet, in lazy files", () => {
    // plugins/search-index (MODAL_STYLES): the button's styles and the modal's shell are
    // in styles.css for the first paint; the modal's own (DocSearch's .DocSearch-Modal, the
    // site's .aisle-global-search) in stylesheets that the runtime loads with the modal's chunk.
    const css = join(build, 'assets', 'css');
    const withRule = holdingIn(css, '.css');
    const global = readdirSync(css).filter((f) => /^styles\.[0-9a-f]+\.css$/.test(f));
    expect(global).toHaveLength(1);
    expect(withRule('.DocSearch-Button{')).toEqual(global);
    expect(withRule('.aisle-search-shell{')).toEqual(global);
    // Also on the search page, which links only the global stylesheet.
    expect(withRule('.aisle-search-error{')).toEqual(global);
    const html = readFileSync(join(build, 'index.html'), 'utf8');
    for (const rule of ['.DocSearch-Modal{', '.aisle-global-search{']) {
      const lazy = withRule(rule);
      expect(lazy, rule).toHaveLength(1);
      expect(lazy).not.toEqual(global);
      expect(html).not.toContain(lazy[0]);
      // The runtime names the stylesheet by its chunk's hash, to load it with the chunk.
      const hash = lazy[0]!.match(/\.([0-9a-f]+)\.css$/)![1]!;
      expect(holding(`"${hash}"`).filter((f) => f.startsWith('runtime~main.'))).toHaveLength(1);
    }
    // DocSearch's rules keep their cascade layer, whose place the global stylesheet declares.
    expect(readFileSync(join(css, withRule('.DocSearch-Modal{')[0]!), 'utf8')).toMatch(
      /^@layer docusaurus\.theme-search-algolia\.docsearch\{/,
    );
  });

  it("keeps the sandbox twin's operation modules out of the bundle, published once per version", () => {
    // A key only an operation module's Try it description has (plugins/sandbox-twin/generate.ts):
    // as bundler chunks, every page's runtime listed all of them (design/try-it.md, "Bytes").
    expect(holding(/\bsandboxServer"?:"https:/)).toEqual([]);
    const root = join(build, 'assets', 'sandbox-twin');
    const versions = readdirSync(root);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatch(/^[0-9a-f]{10}$/);
    const routes = JSON.parse(
      readFileSync(join(build, '..', '.docusaurus', 'sandbox-twin', 'data', 'routes.json'), 'utf8'),
    ) as { api: string; operationId: string }[];
    const published = readdirSync(join(root, versions[0]!), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.js'));
    expect(published.sort()).toEqual(routes.map((r) => `${r.api}/${r.operationId}.js`).sort());
    // The panel's chunk, and only it, knows the folder.
    expect(holding(`/assets/sandbox-twin/${versions[0]}/`)).toHaveLength(1);
  });
});

describe('the main bundle starts the app in stages (plugins/staged-start)', () => {
  it("runs the staged entry, not core's", () => {
    const js = join(build, 'assets', 'js');
    const main = readdirSync(js).find((f) => /^main\.[0-9a-f]+\.js$/.test(f));
    expect(main).toBeDefined();
    const code = readFileSync(join(js, main!), 'utf8');
    // The staged entry's own message: core's entry has none.
    expect(code).toContain('Aisle Docs: the app did not start:');
    // One entry only: the message both entries log on a recoverable error is in main alone,
    // once, so core's entry is not bundled beside it.
    const holding = readdirSync(js)
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) => {
        const text = readFileSync(join(js, f), 'utf8');
        return text.split('Docusaurus React Root onRecoverableError:').length - 1 > 0
          ? [[f, text.split('Docusaurus React Root onRecoverableError:').length - 1]]
          : [];
      });
    expect(holding).toEqual([[main, 1]]);
  });
});
