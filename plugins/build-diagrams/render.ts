/**
 * Build-time rendering of mermaid diagrams: ids, the on-disk cache, and the markup that shows
 * a diagram in the site's light and dark modes (design/diagrams.md, section 3).
 *
 * Rendering happens in ./render-cli.mjs (Chromium through mermaid-isomorphic), started as a
 * child process. Results are cached by id under `cacheDir`, so a rebuild renders only the
 * diagrams that changed; the id hashes the diagram's code together with the mermaid version and
 * the settings, so a new mermaid release or theme renders everything again.
 */
import { createHash } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Mermaid settings per colour mode (a subset of MermaidConfig), e.g. `{ theme: 'neutral' }`. */
export type ModeConfig = Record<string, unknown>;

/** What the plugin renders with. */
export interface RenderSettings {
  /** Mermaid configuration for light and dark mode. */
  modes: { light: ModeConfig; dark: ModeConfig };
  /** Where rendered diagrams are kept between builds. */
  cacheDir: string;
}

/** One diagram ready for a page: its markup (one or two `<svg>`) and its size in CSS px. */
export interface RenderedDiagram {
  id: string;
  /** Width and height of the drawing (its viewBox), CSS px at scale 1. */
  width: number;
  height: number;
  /** The smallest text in the drawing at scale 1, CSS px (null: the drawing has no text). */
  fontSize: number | null;
  html: string;
}

/** One colour mode as render-cli.mjs returns it. */
export type ModeResult =
  | { svg: string; width: number; height: number; fontSize?: number | null }
  | { error: string };

let installedMermaid: string | undefined;

/**
 * The mermaid version that draws the diagrams (the one theme-mermaid uses in development), read
 * once per process: every diagram id hashes it.
 */
export function mermaidVersion(): string {
  installedMermaid ??= (
    JSON.parse(readFileSync(require.resolve('mermaid/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  return installedMermaid;
}

/**
 * The id of a diagram: `d` and 16 hex digits of SHA-256 over the mermaid version, the mode
 * settings and the code (trailing white space ignored). Used as the SVG's DOM id, the cache
 * file name and the `data-diagram` attribute that postBuild fills.
 */
export function diagramId(code: string, modes: RenderSettings['modes']): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([mermaidVersion(), modes, code.trimEnd()]))
    .digest('hex');
  return `d${hash.slice(0, 16)}`;
}

const STYLE = /<style>([\s\S]*?)<\/style>/;
const DEFINITION = /<(filter|linearGradient|radialGradient)\b[^>]*\bid="([^"]+)"[^>]*>[\s\S]*?<\/\1>/g;

/**
 * Removes the filters and gradients that nothing in the SVG uses. Mermaid defines drop shadows
 * and a gradient in every diagram for its "neo" look, with colours that differ per theme; its
 * CSS refers to them only for elements drawn in that look (`data-look="neo"`).
 */
export function dropUnusedDefinitions(svg: string): string {
  const body = svg.replace(STYLE, '');
  const css = STYLE.exec(svg)?.[1] ?? '';
  const neo = body.includes('data-look="neo"');
  return svg.replace(DEFINITION, (element: string, _tag: string, id: string) => {
    const ref = `url(#${id})`;
    return body.replace(element, '').includes(ref) || (neo && css.includes(ref)) ? element : '';
  });
}

/**
 * Prefixes every rule of mermaid's diagram CSS (all of which start with `#id`) with `scope`, so
 * that it applies in one colour mode only. Other ids that start with `id` (`id_marker…`) are
 * left alone.
 */
export function scopeCss(css: string, id: string, scope: string): string {
  return css.replace(new RegExp(`#${id}(?![\\w-])`, 'g'), `${scope} #${id}`);
}

/** Selectors of the site's colour modes (Docusaurus sets `data-theme` on `<html>`). */
export const LIGHT_SCOPE = 'html:not([data-theme="dark"])';
export const DARK_SCOPE = 'html[data-theme="dark"]';

/**
 * The markup of one diagram in both modes. When the two renders differ only in their `<style>`
 * (flowcharts, sequence diagrams), one SVG carries both style sheets, each scoped to its mode.
 * Otherwise (state diagrams colour some shapes with attributes) both SVGs are kept, the dark
 * one with its ids renamed, each in a wrapper that the theme CSS shows in its mode only.
 * @throws Error when either mode failed to render (mermaid's message, e.g. a syntax error).
 */
export function combineModes(id: string, light: ModeResult, dark: ModeResult): RenderedDiagram {
  if ('error' in light) throw new Error(light.error);
  if ('error' in dark) throw new Error(dark.error);
  light = { ...light, svg: dropUnusedDefinitions(light.svg) };
  dark = { ...dark, svg: dropUnusedDefinitions(dark.svg) };
  const size = {
    width: Math.ceil(light.width),
    height: Math.ceil(light.height),
    fontSize: light.fontSize ?? null,
  };
  const lightCss = STYLE.exec(light.svg)?.[1] ?? '';
  const darkCss = STYLE.exec(dark.svg)?.[1] ?? '';
  if (light.svg.replace(STYLE, '') === dark.svg.replace(STYLE, '')) {
    const css = scopeCss(lightCss, id, LIGHT_SCOPE) + scopeCss(darkCss, id, DARK_SCOPE);
    return { id, ...size, html: light.svg.replace(STYLE, () => `<style>${css}</style>`) };
  }
  const darkSvg = dark.svg.replaceAll(id, `${id}-dark`);
  return {
    id,
    ...size,
    html:
      `<div class="aisle-diagram__light">${light.svg}</div>` +
      `<div class="aisle-diagram__dark">${darkSvg}</div>`,
  };
}

function cacheFile(cacheDir: string, id: string): string {
  return join(cacheDir, `${id}.json`);
}

/** The cached rendering of `id`, or undefined when it was never rendered (or the file is bad). */
export function readCached(cacheDir: string, id: string): RenderedDiagram | undefined {
  const file = cacheFile(cacheDir, id);
  if (!existsSync(file)) return undefined;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as RenderedDiagram;
    return value.id === id && typeof value.html === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A diagram that could not be rendered: its id and mermaid's message. */
export interface RenderFailure {
  id: string;
  message: string;
}

/** The drawings of a set of diagrams, by id, and the ones mermaid could not draw. */
export interface DrawResult {
  diagrams: Map<string, RenderedDiagram>;
  failures: RenderFailure[];
}

/** The drawings of `items` found in the cache, and the items (each id once) still to draw. */
function fromCache(
  items: readonly { id: string; code: string }[],
  cacheDir: string,
): { diagrams: Map<string, RenderedDiagram>; missing: { id: string; code: string }[] } {
  const diagrams = new Map<string, RenderedDiagram>();
  const seen = new Set<string>();
  const missing = items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    const cached = readCached(cacheDir, item.id);
    if (cached) diagrams.set(item.id, cached);
    return !cached;
  });
  return { diagrams, missing };
}

/** What render-cli.mjs reads on stdin for `missing`. */
function rendererInput(missing: { id: string; code: string }[], settings: RenderSettings): string {
  return JSON.stringify({ items: missing, modes: settings.modes });
}

/**
 * Adds the renderer's answer (stdout of render-cli.mjs) to `diagrams` and the cache.
 * @returns the failures.
 */
function storeRendered(
  stdout: string,
  diagrams: Map<string, RenderedDiagram>,
  settings: RenderSettings,
): RenderFailure[] {
  const failures: RenderFailure[] = [];
  const results = JSON.parse(stdout) as { id: string; light: ModeResult; dark: ModeResult }[];
  mkdirSync(settings.cacheDir, { recursive: true });
  for (const result of results) {
    try {
      const diagram = combineModes(result.id, result.light, result.dark);
      writeFileSync(cacheFile(settings.cacheDir, result.id), JSON.stringify(diagram));
      diagrams.set(result.id, diagram);
    } catch (error) {
      failures.push({ id: result.id, message: (error as Error).message });
    }
  }
  return failures;
}

const RENDERER = join(__dirname, 'render-cli.mjs');

/**
 * The drawings of `items`: from the cache, and the missing ones rendered (one Chromium for all
 * of them: Debian's, as scripts/chromium.mjs launches it) and cached.
 * @returns every drawing, and the failures (a syntax error in a diagram), for the caller to
 *   report with the file.
 * @throws Error when Chromium cannot be started or the renderer's output cannot be read.
 */
export function drawDiagrams(
  items: readonly { id: string; code: string }[],
  settings: RenderSettings,
): DrawResult {
  const { diagrams, missing } = fromCache(items, settings.cacheDir);
  if (missing.length === 0) return { diagrams, failures: [] };
  const child = spawnSync(process.execPath, [RENDERER], {
    input: rendererInput(missing, settings),
    maxBuffer: 512 * 1024 * 1024,
    encoding: 'utf8',
  });
  if (child.status !== 0) {
    throw new Error(
      `build-diagrams: the renderer failed (exit ${child.status}): ${child.stderr || child.error?.message}`,
    );
  }
  return { diagrams, failures: storeRendered(child.stdout, diagrams, settings) };
}

/**
 * drawDiagrams without blocking the event loop while Chromium draws, so the build's other
 * work (the API pages' generation, reading the docs) goes on meanwhile on the other core.
 * @returns and @throws (as a rejection) as drawDiagrams.
 */
export async function drawDiagramsAsync(
  items: readonly { id: string; code: string }[],
  settings: RenderSettings,
): Promise<DrawResult> {
  const { diagrams, missing } = fromCache(items, settings.cacheDir);
  if (missing.length === 0) return { diagrams, failures: [] };
  const { status, stdout, stderr } = await new Promise<{
    status: number | null;
    stdout: string;
    stderr: string;
  }>((resolve, reject) => {
    const child = spawn(process.execPath, [RENDERER], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        status: code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
    child.stdin.end(rendererInput(missing, settings));
  });
  if (status !== 0) {
    throw new Error(`build-diagrams: the renderer failed (exit ${status}): ${stderr}`);
  }
  return { diagrams, failures: storeRendered(stdout, diagrams, settings) };
}
