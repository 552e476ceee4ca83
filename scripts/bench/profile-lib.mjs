/**
 * Grouping of a CPU profile's samples by where their code comes from, for `npm run
 * bench:profile` (scripts/bench/profile.mjs): each sample's function is mapped through the
 * bundle's source map to its source file, and the file to a group a reader can act on (a
 * package, a generated module, one of our plugins, a theme component).
 */

/** Frames that are no page work: the idle loop, the profiler's own time, the root. */
const NOT_WORK = new Set(['(idle)', '(program)', '(root)']);

/**
 * The group of a source file named by a source map.
 * - a package: its name (`react-dom`); a Docusaurus package with its area and module
 *   (`@docusaurus/theme-classic/theme/Navbar`), so a theme component is named;
 * - Docusaurus's generated modules (`.docusaurus/registry.js`, JSON data such as
 *   `globalData.json`): `@generated/<file>`;
 * - our code: `plugins/<name>`, `src/theme/<Component>` or `src/<folder>`;
 * - the bundler's runtime: `(bundler runtime)`.
 * @param source e.g. `webpack://aisle-docs/./node_modules/react-dom/cjs/x.js`; null or empty
 *   gives `(no source)`.
 * @returns the group name.
 */
export function sourceGroup(source) {
  if (!source) return '(no source)';
  const path = source
    .replace(/^webpack:\/\/[^/]*\//, '')
    .replace(/^json\|/, '')
    .replace(/^\.\//, '');
  const pkg = path.match(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\/?(.*)$/);
  if (pkg) {
    const [, name, rest] = pkg;
    if (!name.startsWith('@docusaurus/')) return name;
    const parts = rest.replace(/^(lib|src)\//, '').split('/');
    const area = parts.slice(0, parts[0] === 'client' || parts[0] === 'theme' ? 2 : 1);
    return [name, ...area.map((p) => p.replace(/\.[jt]sx?$/, ''))].join('/');
  }
  const generated = path.match(/(?:^|\/)\.docusaurus\/(.+)$/);
  if (generated) return `@generated/${generated[1]}`;
  if (/^webpack\/runtime\//.test(path) || /RuntimeModule$/.test(path)) return '(bundler runtime)';
  const component = path.match(/^src\/theme\/([^/]+)/);
  if (component) return `src/theme/${component[1].replace(/\.[jt]sx?$/, '')}`;
  const ours = path.match(/^(plugins|src)\/([^/]+)/);
  if (ours) return `${ours[1]}/${ours[2].replace(/\.[jt]sx?$/, '')}`;
  return path;
}

/**
 * Self time of a CPU profile (Chrome DevTools Protocol `Profiler.stop`'s `profile`) by group.
 * @param profile `{ nodes: [{ id, callFrame }], samples: number[], timeDeltas: number[] }`
 *   (time deltas in µs).
 * @param locate `(callFrame) => string`: the group of a frame's function, e.g. through a
 *   source map; called for frames with a script URL.
 * @returns `{ totalMs, groups: Map<group, ms> }`: idle, profiler and root frames left out;
 *   garbage collection as `(garbage collection)`, built-in functions without a script as
 *   `(native <name>)`.
 */
export function selfTimeByGroup(profile, locate) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const groups = new Map();
  let totalMs = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame || NOT_WORK.has(frame.functionName)) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    let group;
    if (frame.functionName === '(garbage collector)') group = '(garbage collection)';
    else if (!frame.url) group = `(native ${frame.functionName || 'anonymous'})`;
    else group = locate(frame);
    groups.set(group, (groups.get(group) ?? 0) + ms);
    totalMs += ms;
  });
  return { totalMs, groups };
}

/**
 * The groups of two sites side by side, per load: `[group, ours ms, plain ms]` sorted by the
 * larger of the two, largest first.
 * @param ours Map<group, ms> summed over `oursLoads` loads; @param plain likewise.
 * @throws RangeError when a load count is not a positive integer.
 */
export function sideBySide(ours, oursLoads, plain, plainLoads) {
  for (const n of [oursLoads, plainLoads]) {
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`load count must be ≥ 1, got ${n}`);
  }
  const keys = new Set([...ours.keys(), ...plain.keys()]);
  return [...keys]
    .map((g) => [g, (ours.get(g) ?? 0) / oursLoads, (plain.get(g) ?? 0) / plainLoads])
    .sort((a, b) => Math.max(b[1], b[2]) - Math.max(a[1], a[2]) || a[0].localeCompare(b[0]));
}
