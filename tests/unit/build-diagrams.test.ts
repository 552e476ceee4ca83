import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findDiagrams } from '../../plugins/build-diagrams/collect';
import { injectDiagrams } from '../../plugins/build-diagrams/inject';
import remarkBuildDiagrams, {
  DESKTOP_COLUMN_PX,
  desktopTextPx,
} from '../../plugins/build-diagrams/remark';
import {
  combineModes,
  diagramId,
  dropUnusedDefinitions,
  mermaidVersion,
  readCached,
  drawDiagrams,
  drawDiagramsAsync,
  scopeCss,
  type RenderedDiagram,
  type RenderSettings,
} from '../../plugins/build-diagrams/render';
import { diagramFont } from '../../config/diagrams';

const modes = { light: { theme: 'neutral' }, dark: { theme: 'dark' } };
const cacheDir = mkdtempSync(join(tmpdir(), 'build-diagrams-'));
const settings: RenderSettings = { modes, cacheDir };
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/** A cached drawing, as if Chromium had drawn it. */
function seed(code: string, width: number, fontSize: number | null = 16): RenderedDiagram {
  const id = diagramId(code, modes);
  const diagram = { id, width, height: 100, fontSize, html: `<svg id="${id}"></svg>` };
  writeFileSync(join(cacheDir, `${id}.json`), JSON.stringify(diagram));
  return diagram;
}

describe('build-diagrams: finding diagrams', () => {
  it('finds backtick and tilde fences with their line, removing the fence indentation', () => {
    const md = [
      '# Title', // 1
      '```mermaid', // 2
      'flowchart TD', // 3
      '  A --> B', // 4
      '```', // 5
      '```js', // 6
      'const a = 1;', // 7
      '```', // 8
      '  ~~~~mermaid', // 9
      '  sequenceDiagram', // 10
      '  ~~~~', // 11
      '````mermaid', // 12
      'graph LR', // 13
      '```', // 14: shorter than the opening fence, so still code
      'A-->B', // 15
    ].join('\n');
    expect(findDiagrams(md)).toEqual([
      { code: 'flowchart TD\n  A --> B', line: 2 },
      { code: 'sequenceDiagram', line: 9 },
      { code: 'graph LR\n```\nA-->B', line: 12 },
    ]);
  });
});

describe('build-diagrams: ids and colour modes', () => {
  it('ids change with the code, the settings and the mermaid version, not trailing space', () => {
    const id = diagramId('flowchart TD\nA-->B', modes);
    expect(id).toMatch(/^d[0-9a-f]{16}$/);
    expect(diagramId('flowchart TD\nA-->B\n\n', modes)).toBe(id);
    expect(diagramId('flowchart TD\nA-->C', modes)).not.toBe(id);
    expect(diagramId('flowchart TD\nA-->B', { ...modes, dark: { theme: 'forest' } })).not.toBe(id);
    expect(mermaidVersion()).toMatch(/^11\./);
  });

  it('draws with the mermaid that theme-mermaid uses in development', () => {
    const fromTheme = require.resolve('mermaid/package.json', {
      paths: [require.resolve('@docusaurus/theme-mermaid')],
    });
    const fromRenderer = require.resolve('mermaid/package.json', {
      paths: [require.resolve('mermaid-isomorphic')],
    });
    expect(fromRenderer).toBe(fromTheme);
  });

  it('labels are measured with the page font', () => {
    const css = readFileSync(join(__dirname, '../../src/css/custom.css'), 'utf8');
    const base = /--ifm-font-family-base:\s*([^;]+);/.exec(css)![1];
    expect(diagramFont).toBe(base.replace(/\s+/g, ' ').trim());
  });

  it('scopes every rule of the diagram CSS, not ids that only start the same', () => {
    const css = '#d1{fill:#333;}#d1 .node,#d1 .edge{stroke:red}#d1_marker{x:1}';
    expect(scopeCss(css, 'd1', 'html.dark')).toBe(
      'html.dark #d1{fill:#333;}html.dark #d1 .node,html.dark #d1 .edge{stroke:red}#d1_marker{x:1}',
    );
  });

  it('drops filters and gradients nothing uses, keeps the ones that are used', () => {
    const defs =
      '<filter id="d1-shadow"><feDropShadow/></filter>' +
      '<linearGradient id="d1-gradient"><stop/></linearGradient>' +
      '<linearGradient id="d1-used"><stop/></linearGradient>';
    const svg = `<svg id="d1"><style>#d1 [data-look="neo"] rect{stroke:url(#d1-gradient)}</style>${defs}<path fill="url(#d1-used)"/></svg>`;
    const out = dropUnusedDefinitions(svg);
    expect(out).not.toContain('d1-shadow"');
    expect(out).not.toContain('id="d1-gradient"');
    expect(out).toContain('id="d1-used"');
    // With an element in the "neo" look, the gradient its CSS names is kept.
    const neo = svg.replace('<path', '<rect data-look="neo"/><path');
    expect(dropUnusedDefinitions(neo)).toContain('id="d1-gradient"');
  });

  it('one SVG with both style sheets when only the styles differ, else two drawings', () => {
    const draw = (css: string, fill: string) => ({
      svg: `<svg id="d1"><style>#d1 .a{fill:${css}}</style><circle fill="${fill}" marker-end="url(#d1_end)"/></svg>`,
      width: 100.2,
      height: 50,
      fontSize: 16,
    });
    const one = combineModes('d1', draw('#000', 'none'), draw('#fff', 'none'));
    expect(one).toMatchObject({ width: 101, height: 50, fontSize: 16 });
    expect(one.html.match(/<svg/g)).toHaveLength(1);
    expect(one.html).toContain('html:not([data-theme="dark"]) #d1 .a{fill:#000}');
    expect(one.html).toContain('html[data-theme="dark"] #d1 .a{fill:#fff}');

    const two = combineModes('d1', draw('#000', '#eee'), draw('#fff', '#222'));
    expect(two.html.match(/<svg/g)).toHaveLength(2);
    expect(two.html).toMatch(/^<div class="aisle-diagram__light"><svg id="d1">/);
    expect(two.html).toContain('<div class="aisle-diagram__dark"><svg id="d1-dark">');
    expect(two.html).toContain('url(#d1-dark_end)');
    expect(() => combineModes('d1', { error: 'Parse error on line 2' }, draw('#fff', ''))).toThrow(
      'Parse error on line 2',
    );
  });
});

describe('build-diagrams: pages', () => {
  it('fills minified and unminified canvases and nothing else', () => {
    const lookup = (id: string) =>
      id === 'd0123456789abcdef'
        ? { id, width: 10, height: 10, fontSize: 16, html: '<svg></svg>' }
        : undefined;
    const html =
      '<div class=c data-diagram=d0123456789abcdef data-panzoom-target style=aspect-ratio:1/1></div>' +
      '<div class="c" data-diagram="d0123456789abcdef" data-panzoom-target=""></div>' +
      '<div class="other"></div>';
    const { html: out, ids } = injectDiagrams(html, lookup);
    expect(ids).toEqual(['d0123456789abcdef', 'd0123456789abcdef']);
    expect(out.match(/><svg><\/svg><\/div>/g)).toHaveLength(2);
    expect(out).toContain('<div class="other"></div>');
    expect(() => injectDiagrams(html.replaceAll('d0123', 'dffff'), lookup)).toThrow(
      'no drawing for diagram dffff456789abcdef',
    );
  });

  it('text size at desktop width: scaled down only when the drawing is wider than the column', () => {
    expect(desktopTextPx({ width: 500, fontSize: 16 })).toBe(16);
    expect(desktopTextPx({ width: DESKTOP_COLUMN_PX * 2, fontSize: 16 })).toBe(8);
    expect(desktopTextPx({ width: 5000, fontSize: null })).toBeNull();
  });

  it('swaps mermaid blocks for the component and imports it', () => {
    const narrow = seed('flowchart TD\nA-->B', 400);
    const tree = {
      type: 'root',
      children: [
        { type: 'paragraph', children: [] },
        { type: 'code', lang: 'mermaid', value: 'flowchart TD\nA-->B' },
        { type: 'code', lang: 'js', value: 'a()' },
      ],
    };
    remarkBuildDiagrams(settings)(tree, { path: 'docs/a.mdx' });
    const [esm, , diagram, js] = tree.children as Record<string, unknown>[];
    expect(esm).toMatchObject({
      type: 'mdxjsEsm',
      value: "import BuildDiagram from '@theme/BuildDiagram';",
    });
    expect(diagram).toEqual({
      type: 'mdxJsxFlowElement',
      name: 'BuildDiagram',
      attributes: [
        { type: 'mdxJsxAttribute', name: 'id', value: narrow.id },
        { type: 'mdxJsxAttribute', name: 'width', value: '400' },
        { type: 'mdxJsxAttribute', name: 'height', value: '100' },
      ],
      children: [],
    });
    expect(js).toMatchObject({ type: 'code', lang: 'js' });
  });

  it('fails the build on a diagram whose text would be under 12 px, naming file and line', () => {
    seed('flowchart LR\nA-->B-->C-->D-->E-->F', 1400);
    const tree = {
      type: 'root',
      children: [
        {
          type: 'code',
          lang: 'mermaid',
          value: 'flowchart LR\nA-->B-->C-->D-->E-->F',
          position: { start: { line: 7 } },
        },
      ],
    };
    expect(() => remarkBuildDiagrams(settings)(tree, { path: 'docs/wide.mdx' })).toThrow(
      /docs\/wide\.mdx:7: this diagram is 1400 px wide, so its text would be 9\.4 px/,
    );
  });
});

describe('build-diagrams: drawing in Chromium', () => {
  it('draws a diagram in both modes and reports a syntax error', () => {
    const good = {
      id: diagramId('flowchart TD\nA[Order] --> B[Picked]', modes),
      code: 'flowchart TD\nA[Order] --> B[Picked]',
    };
    const bad = { id: diagramId('flowchart TD\nA --> ((', modes), code: 'flowchart TD\nA --> ((' };
    const { failures } = drawDiagrams([good, bad], settings);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.id).toBe(bad.id);
    expect(failures[0]!.message).toMatch(/parse error/i);
    const drawn = readCached(cacheDir, good.id)!;
    expect(drawn.fontSize).toBe(16);
    expect(drawn.width).toBeGreaterThan(50);
    expect(drawn.html).toContain('Picked');
    expect(drawn.html).toContain('html[data-theme="dark"]');
  }, 60_000);

  it('draws without blocking the build process, and reports as drawDiagrams does', async () => {
    const good = {
      id: diagramId('flowchart LR\nA[Picked] --> B[Delivered]', modes),
      code: 'flowchart LR\nA[Picked] --> B[Delivered]',
    };
    const bad = {
      id: diagramId('sequenceDiagram\nA ->> ', modes),
      code: 'sequenceDiagram\nA ->> ',
    };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 50);
    const { diagrams, failures } = await drawDiagramsAsync([good, bad, good], settings).finally(
      () => clearInterval(timer),
    );
    // The event loop kept running while Chromium drew (a blocking call would leave 0).
    expect(ticks).toBeGreaterThan(5);
    expect(failures.map((f) => f.id)).toEqual([bad.id]);
    expect(diagrams.get(good.id)?.html).toContain('Delivered');
    expect(readCached(cacheDir, good.id)?.html).toBe(diagrams.get(good.id)?.html);
    // Drawn diagrams now come from the cache, without Chromium.
    const again = await drawDiagramsAsync([good], settings);
    expect(again.diagrams.get(good.id)?.html).toBe(diagrams.get(good.id)?.html);
  }, 60_000);
});
