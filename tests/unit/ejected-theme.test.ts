import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Ejected theme files copy an upstream component as it was in one release, named in their
// header ("Ejected from @docusaurus/<package> <version>, <upstream file>"). When the installed
// package differs, the copy may have drifted from upstream fixes: this fails, so the file is
// compared with the new upstream and its header updated in the same change.
const root = join(__dirname, '..', '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * Folders with ejected files: the theme folders (the site's, and those local plugins own with
 * getThemePath()), and plugins/staged-start, whose client entry is core's, ejected.
 */
const themeDirs = [
  join(root, 'src', 'theme'),
  ...readdirSync(join(root, 'plugins'))
    .map((p) => join(root, 'plugins', p, 'theme'))
    .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory()),
  join(root, 'plugins', 'staged-start'),
];

/** `{ file, pkg, version, upstream }` of every ejected file in the theme folders. */
function ejectedFiles() {
  return themeDirs.flatMap(files).flatMap((file) => {
    const m = readFileSync(file, 'utf8').match(
      /Ejected from (@docusaurus\/[a-z-]+) (\d+\.\d+\.\d+), ([\w/.~-]*[\w~-])/,
    );
    return m ? [{ file: relative(root, file), pkg: m[1], version: m[2], upstream: m[3] }] : [];
  });
}

const installed = (pkg: string) =>
  (
    JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

describe('ejected theme files', () => {
  const ejected = ejectedFiles();

  it('are found by their headers', () => {
    expect(ejected.length).toBeGreaterThanOrEqual(5);
  });

  it('name the installed version of their package', () => {
    const drift = ejected
      .filter((e) => installed(e.pkg) !== e.version)
      .map((e) => `${e.file}: ejected from ${e.pkg} ${e.version}, installed ${installed(e.pkg)}`);
    expect(drift).toEqual([]);
  });

  it("are formatted with upstream Docusaurus's Prettier options, so a diff with upstream is short", () => {
    const prettier = JSON.parse(readFileSync(join(root, '.prettierrc.json'), 'utf8')) as {
      overrides: { files: string[]; options: { bracketSpacing?: boolean } }[];
    };
    const upstreamStyle = prettier.overrides.find((o) => o.options.bracketSpacing === false);
    expect(upstreamStyle?.files.sort()).toEqual(ejected.map((e) => e.file).sort());
  });

  it('name an upstream file that exists in the installed package', () => {
    const missing = ejected
      .filter((e) => {
        try {
          statSync(join(root, 'node_modules', e.pkg, e.upstream));
          return false;
        } catch {
          return true;
        }
      })
      .map((e) => `${e.file}: ${e.pkg}/${e.upstream}`);
    expect(missing).toEqual([]);
  });

  it("import upstream's stylesheets instead of repeating their rules", () => {
    const repeated = ejected.flatMap((e) => {
      const here = dirname(join(root, e.file));
      const upstream = new Map(
        upstreamStylesheets(e).flatMap((file) => cssRules(file).map((r) => [r, file] as const)),
      );
      return stylesheetsIn(here).flatMap((file) =>
        cssRules(file)
          .filter((r) => upstream.has(r))
          .map((r) => `${relative(root, file)}: "${r}" is upstream's (${upstream.get(r)})`),
      );
    });
    expect(repeated).toEqual([]);
  });
});

const stylesheetsIn = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.css'))
    .map((name) => join(dir, name));

/**
 * The stylesheets an ejected file's upstream component has: those beside its upstream file,
 * and, for a component of a theme folder, theme-classic's of the same component (the
 * SkipToContent link is theme-common's code with theme-classic's styles).
 */
function upstreamStylesheets(e: { file: string; pkg: string; upstream: string }): string[] {
  const dirs = [join(root, 'node_modules', e.pkg, dirname(e.upstream))];
  const theme = e.file.match(/(?:^|\/)theme\/(.+)\/[^/]+$/);
  if (theme) dirs.push(join(root, 'node_modules/@docusaurus/theme-classic/lib/theme', theme[1]));
  return dirs.flatMap((dir) =>
    statSync(dir, { throwIfNoEntry: false }) ? stylesheetsIn(dir) : [],
  );
}

/** A stylesheet's innermost rules, comments dropped and white space normalised. */
function cssRules(file: string): string[] {
  const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) =>
    `${m[1]}{${m[2]}}`
      .replace(/\s+/g, ' ')
      .replace(/\s*([{}:;,()])\s*/g, '$1')
      .replace(/;}/g, '}')
      .trim(),
  );
}
