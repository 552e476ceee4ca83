/**
 * Local plugin `lean-docs-metadata`: the official docs plugin, with a smaller per-page payload.
 *
 * `@docusaurus/plugin-content-docs` passes one `version` prop to the version route, and every
 * doc page loads it: all sidebars plus a map of every doc (`id`, `title`, `description`,
 * `sidebar`). Measured on this site: 94.5 KB raw / 20.4 KB gzip for the map, 68 KB / 7.6 KB for
 * the sidebars (`npm run bench`). The map is read by one component only,
 * `DocCard` (through `useDocById`, for a card's description), so this wrapper drops it from the
 * route props and writes the descriptions to `doc-descriptions.json` instead, which the
 * wrapped `@theme/DocCard` imports: only the pages that show cards load it.
 *
 * Under `docusaurus start`, its `loadContent` also waits for the compile of the save that
 * started the reload (plugins/preview-reload). Everything else is the upstream plugin unchanged
 * (same name, options and validation).
 */
import type {
  LoadContext,
  Plugin,
  PluginContentLoadedActions,
  PluginModule,
  RouteConfig,
} from '@docusaurus/types';
import pluginContentDocs, {
  validateOptions,
  type LoadedContent,
  type PluginOptions,
} from '@docusaurus/plugin-content-docs';
import { compileSettled } from '../preview-reload';

/** Name of the data file, under `.docusaurus/docusaurus-plugin-content-docs/<id>/`. */
export const DESCRIPTIONS_FILE = 'doc-descriptions.json';

/** `{[docId]: description}` for every doc of every version (ids are unique per version). */
export type DocDescriptions = Record<string, string>;

/**
 * The route tree with the `docs` map removed from each version route's `version` prop.
 * Pure: returns new objects, leaves the input as it was. Routes without that prop pass through.
 */
export function withoutDocsMap(route: RouteConfig): RouteConfig {
  const props = route.props as { version?: { docs?: unknown } } | undefined;
  let next = route;
  if (props?.version && typeof props.version === 'object' && 'docs' in props.version) {
    const version = { ...props.version };
    delete version.docs;
    next = { ...route, props: { ...route.props, version } };
  }
  if (route.routes) next = { ...next, routes: route.routes.map(withoutDocsMap) };
  return next;
}

/** Descriptions of all docs in the loaded content; empty descriptions are left out. */
export function docDescriptions(content: LoadedContent): DocDescriptions {
  const out: DocDescriptions = {};
  for (const version of content.loadedVersions) {
    for (const doc of version.docs) if (doc.description) out[doc.id] = doc.description;
  }
  return out;
}

/**
 * The plugin: upstream `pluginContentDocs(context, options)` with `contentLoaded` and
 * `loadContent` wrapped.
 * `options` are the docs plugin's options, as the classic preset's `docs` key takes them.
 * @throws whatever the upstream plugin throws (invalid options, unreadable docs).
 */
async function leanDocsMetadata(
  context: LoadContext,
  options: unknown,
): Promise<Plugin<LoadedContent>> {
  // Already validated and defaulted by upstream validateOptions (below).
  const docs = await pluginContentDocs(context, options as PluginOptions);
  const upstreamContentLoaded = docs.contentLoaded;
  const upstreamLoadContent = docs.loadContent;
  return {
    ...docs,
    // In the preview, a reload after a save waits for that save's compile (plugins/preview-reload).
    async loadContent() {
      await compileSettled();
      return upstreamLoadContent!.call(docs);
    },
    async contentLoaded(args) {
      const actions: PluginContentLoadedActions = {
        ...args.actions,
        addRoute: (route) => args.actions.addRoute(withoutDocsMap(route)),
      };
      await upstreamContentLoaded?.call(docs, { ...args, actions });
      await args.actions.createData(
        DESCRIPTIONS_FILE,
        JSON.stringify(docDescriptions(args.content)),
      );
    },
  };
}

/**
 * The plugin module Docusaurus loads: the factory above plus upstream's option validator.
 * Typed as a PluginModule because Docusaurus passes options as `unknown` and content as
 * opaque; both are upstream's own types at run time.
 */
const leanDocsMetadataPlugin = leanDocsMetadata as unknown as PluginModule;
leanDocsMetadataPlugin.validateOptions = validateOptions as PluginModule['validateOptions'];
export default leanDocsMetadataPlugin;
