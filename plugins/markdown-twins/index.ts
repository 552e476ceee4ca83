/**
 * Local plugin `markdown-twins`: docusaurus-plugin-llms (llms.txt, llms-full.txt and a Markdown
 * twin of every doc page), with its output cleaned in the same postBuild
 * (design/markdown-twins.md).
 *
 * Docusaurus runs every plugin's postBuild at once, so a separate plugin could not run after
 * the upstream one; this wrapper awaits the upstream postBuild and then, in the build's own
 * output folder (`build/`, or `--out-dir`):
 * - cleans every twin (./twins.ts: leaked exports, components rendered as Markdown, links to
 *   source files made absolute);
 * - regroups llms.txt by site section (first path segment, headed by the section root's title);
 * - rebuilds llms-full.txt from the cleaned twins, in that order.
 * Clean twins are kept between builds (node_modules/.cache/markdown-twins, see `fixTwins`).
 *
 * Options are docusaurus-plugin-llms's; `preserveComponents` always includes the components
 * ./twins.ts renders (TWIN_COMPONENTS).
 */
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import llmsPlugin from 'docusaurus-plugin-llms';
import {
  type SandboxDownloadData,
  sandboxDownloadMarkdown,
} from '../sandbox-twin/theme/SandboxDownload/markdown';
import { TWIN_COMPONENTS, cleanTwin, groupBySection } from './twins';

/** Options of docusaurus-plugin-llms, as its factory takes them. */
export type MarkdownTwinsOptions = NonNullable<Parameters<typeof llmsPlugin>[1]>;

/** Every `.md` file under `dir` (the twins), `assets/` left out, sorted. */
async function twinFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'assets') out.push(...(await twinFiles(full)));
    } else if (entry.name.endsWith('.md')) out.push(full);
  }
  return out.sort();
}

/**
 * What `fixTwins` did: twins cleaned, and the time it took in ms, wall clock and CPU of this
 * process (the latter includes other plugins' postBuild work running at the same time).
 */
export interface FixTwinsResult {
  twins: number;
  /** Twins whose clean text came from the cache (0 without `cacheDir`). */
  cached: number;
  ms: number;
  cpuMs: number;
}

/** The cache file's content: the code's key and clean twins by the hash of their inputs. */
interface TwinCacheFile {
  code: string;
  twins: Record<string, string>;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else out.push(full);
  }
  return out.sort();
}

/**
 * Hash of what cleaning a twin depends on besides its inputs: this plugin's files, every file
 * under `src/` (the components' Markdown renderings and the data they read, e.g. catalog
 * columns), the changelog subscribe line's wording (plugins/changelog-feeds/theme/
 * ChangelogFeeds/markdown.ts) and package-lock.json (the Markdown parser's version). Any change
 * there cleans every twin again.
 */
async function cleaningCodeKey(siteDir: string): Promise<string> {
  const hash = createHash('sha256');
  const files = [
    ...(await filesUnder(__dirname)),
    ...(await filesUnder(join(siteDir, 'src'))),
    join(__dirname, '..', 'changelog-feeds', 'theme', 'ChangelogFeeds', 'markdown.ts'),
    join(siteDir, 'package-lock.json'),
  ];
  for (const file of files) {
    hash.update(`${relative(siteDir, file)}\0`);
    hash.update(await readFile(file).catch(() => ''));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The cache of `cacheDir` when it was written by the same code, else an empty one. */
async function readTwinCache(cacheDir: string, code: string): Promise<Map<string, string>> {
  try {
    const file = JSON.parse(await readFile(join(cacheDir, 'twins.json'), 'utf8')) as TwinCacheFile;
    return file.code === code && file.twins && typeof file.twins === 'object'
      ? new Map(Object.entries(file.twins))
      : new Map();
  } catch {
    return new Map();
  }
}

/**
 * Cleans the twins, llms.txt and llms-full.txt in `outDir` (see the module comment).
 * @param siteDir the site folder; sources are read from `<siteDir>/<docsDir>`.
 * @param origin site URL + base path without trailing slash (`https://docs.aisle.example`).
 * @param cacheDir where clean twins are kept between builds (`node_modules/.cache/markdown-twins`
 *   for the plugin), keyed by the SHA-256 of the twin's text, its source and the origin, and
 *   valid while the cleaning code is unchanged (cleaningCodeKey); only this run's twins are
 *   kept. Undefined: every twin is cleaned.
 * @throws Error when `outDir` has no llms.txt (the upstream plugin logs why it wrote none), or
 *   a twin cannot be cleaned (the message names the twin).
 */
export async function fixTwins({
  outDir,
  siteDir,
  docsDir = 'docs',
  origin,
  cacheDir,
  sandboxDownload,
}: {
  outDir: string;
  siteDir: string;
  docsDir?: string;
  origin: string;
  cacheDir?: string;
  /** `<SandboxDownload />` in Markdown (plugins/markdown-twins/twins.ts `renderComponents`). */
  sandboxDownload?: string;
}): Promise<FixTwinsResult> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const llms = join(outDir, 'llms.txt');
  if (!existsSync(llms)) {
    throw new Error(
      `[markdown-twins] ${llms} is missing: docusaurus-plugin-llms wrote no output (see its messages above).`,
    );
  }
  const twins = await twinFiles(outDir);
  // Every twin is cleaned in memory first and written only when all are clean: an error
  // stops the build, and a write cut short by the exit would leave an empty twin.
  const cleaned: Array<[string, string]> = [];
  const errors: string[] = [];
  const code = cacheDir ? await cleaningCodeKey(siteDir) : '';
  const previous = cacheDir ? await readTwinCache(cacheDir, code) : new Map<string, string>();
  const current = new Map<string, string>();
  let cached = 0;
  for (const file of twins) {
    const route = relative(outDir, file).split(sep).join('/').replace(/\.md$/, '');
    const sourcePath = [`${route}.mdx`, `${route}/index.mdx`, `${route}.md`].find((s) =>
      existsSync(join(siteDir, docsDir, s)),
    );
    // Generated pages (plugins/openapi-pages) have no source under their route; their links
    // are absolute already, and they export nothing.
    const source = sourcePath
      ? await readFile(join(siteDir, docsDir, sourcePath), 'utf8')
      : undefined;
    try {
      const markdown = await readFile(file, 'utf8');
      const key = createHash('sha256')
        .update(
          JSON.stringify([markdown, sourcePath ?? null, source ?? null, origin, sandboxDownload]),
        )
        .digest('hex');
      const hit = previous.get(key);
      const text = hit ?? cleanTwin(markdown, { sourcePath, source, origin, sandboxDownload });
      if (hit !== undefined) cached++;
      current.set(key, text);
      cleaned.push([file, text]);
    } catch (error) {
      errors.push(`${route}.md: ${(error as Error).message}`);
    }
  }
  if (errors.length) throw new Error(`[markdown-twins] ${errors.join('\n')}`);
  if (cacheDir) {
    await mkdir(cacheDir, { recursive: true });
    const temp = join(cacheDir, `twins.json.${process.pid}.tmp`);
    const content: TwinCacheFile = { code, twins: Object.fromEntries(current) };
    await writeFile(temp, JSON.stringify(content));
    await rename(temp, join(cacheDir, 'twins.json'));
  }
  await Promise.all(cleaned.map(([file, text]) => writeFile(file, text)));

  const index = await readFile(llms, 'utf8');
  const header = index
    .split('\n## ')[0]
    .replace(/\nThis file contains[^\n]*\n?/, '\n')
    .trim();
  const entries = index.split('\n').filter((l) => /^- \[.+\]\(https?:\/\/.+\.md\)/.test(l));
  const titles = new Map<string, string | undefined>();
  // Section titles: the first heading of each section root's twin (`connect.md`).
  for (const file of twins) {
    const rel = relative(outDir, file).split(sep).join('/');
    if (rel.includes('/')) continue;
    const title = /^# (.+)$/m.exec(await readFile(file, 'utf8'))?.[1];
    titles.set(rel.replace(/\.md$/, ''), title);
  }
  const grouped = groupBySection(entries, (segment) => titles.get(segment));
  await writeFile(
    llms,
    `${header}\n\nEvery page of the site as Markdown, by section.\n\n${grouped}\n`,
  );
  const base = new URL(`${origin}/`).pathname;
  const ordered = [...grouped.matchAll(/\]\((https?:\/\/[^)]+?\.md)\)/g)]
    .map((m) => join(outDir, decodeURI(new URL(m[1]).pathname).slice(base.length)))
    .filter((f) => existsSync(f));
  const bodies = await Promise.all(ordered.map(async (f) => (await readFile(f, 'utf8')).trim()));
  await writeFile(join(outDir, 'llms-full.txt'), `${[header, ...bodies].join('\n\n---\n\n')}\n`);
  const used = process.cpuUsage(cpu);
  return {
    twins: twins.length,
    cached,
    ms: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
  };
}

/** The plugin; see the module comment. */
export default function markdownTwinsPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  // Validated by the upstream factory, which throws naming the option at fault.
  const options = (rawOptions ?? {}) as MarkdownTwinsOptions;
  const preserveComponents = [
    ...new Set([...(options.preserveComponents ?? []), ...TWIN_COMPONENTS]),
  ];
  const upstream = llmsPlugin(context, { ...options, preserveComponents });
  const { url, baseUrl } = context.siteConfig;
  const origin = `${url.replace(/\/+$/, '')}${baseUrl.replace(/\/$/, '')}`;
  // The upstream plugin has a postBuild only.
  return {
    name: 'markdown-twins',
    async postBuild(props) {
      type UpstreamProps = Parameters<NonNullable<typeof upstream.postBuild>>[0];
      await upstream.postBuild?.(props as UpstreamProps);
      const { twins, cached, ms, cpuMs } = await fixTwins({
        outDir: props.outDir,
        siteDir: context.siteDir,
        origin,
        cacheDir: join(context.siteDir, 'node_modules', '.cache', 'markdown-twins'),
        // The single-file twin's block, from the sandbox-twin plugin's global data.
        sandboxDownload: sandboxDownloadMarkdown(
          (props.plugins.find((p) => p.name === 'sandbox-twin')?.globalData as
            | SandboxDownloadData
            | undefined) ?? { version: 'dev', url: '' },
          origin,
        ),
      });
      console.log(
        `[markdown-twins] ${twins} twins cleaned (${cached} from the cache), llms.txt and llms-full.txt rebuilt, in ${Math.round(ms)} ms (process CPU ${Math.round(cpuMs)} ms)`,
      );
    },
  };
}
