/**
 * The head of a page: method badge and path (or event type), deprecation, description,
 * webhook workflows, and the Endpoint section with the base URL of each environment.
 */
import { baseUrls } from '../../../src/data/facts/hosts';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parameterExample } from '../samples';
import {
  type Block,
  code,
  heading,
  jsx,
  jsxInline,
  markdownBlocks,
  paragraph,
  plainText,
  strong,
  table,
  text,
} from '../mdx';
import type { PageSource, RenderContext } from './types';

/** Wraps blocks that repeat on every page of an API so the search index leaves them out. */
export function searchExcluded(blocks: Block[]): Block {
  // plugins/search-index SEARCH_EXCLUDE_CLASS
  return jsx('div', { className: 'search-exclude' }, blocks);
}

/** Name of an environment from a server description: `Sandbox (separate…)` → `Sandbox`. */
function environmentName(description: string): string {
  return /^[^.(:;,]+/.exec(plainText(description))?.[0].trim() ?? '';
}

/** The servers of an operation: its own, else the definition's; entries without a URL dropped. */
export function servers(source: PageSource, ctx: RenderContext): OpenAPIV3_1.ServerObject[] {
  return (source.operation.servers ?? ctx.doc.servers ?? []).filter((s) => s.url);
}

/** The first server's URL, its variables at their defaults, without a trailing slash. */
export function baseUrl(source: PageSource, ctx: RenderContext): string {
  const server = servers(source, ctx)[0];
  const variables = server?.variables ?? {};
  return String(server?.url ?? '')
    .replace(/\{([^}]+)\}/g, (whole, name: string) => variables[name]?.default ?? whole)
    .replace(/\/$/, '');
}

/**
 * The sandbox server of an operation, origin and base path (`https://api.sandbox.aisle.example`,
 * `/idp/v1`): see sandboxServerOf.
 */
export function sandboxServer(
  source: PageSource,
  ctx: RenderContext,
): { origin: string; basePath: string } {
  return sandboxServerOf(servers(source, ctx));
}

/**
 * The sandbox server among `all`, origin and base path: the first server on a sandbox origin of
 * the platform's base URLs (src/data/facts/hosts.ts), else the sandbox of the API whose
 * production URL the first server is (FoodStorm's `https://{store}.foodstorm.example/api/v1`),
 * else the first server, its variables at their defaults.
 */
export function sandboxServerOf(all: OpenAPIV3_1.ServerObject[]): {
  origin: string;
  basePath: string;
} {
  const urls = all.map((server) =>
    String(server.url).replace(
      /\{([^}]+)\}/g,
      (whole, name: string) => server.variables?.[name]?.default ?? whole,
    ),
  );
  const sandboxes = Object.values(baseUrls).map((b) => b.sandbox);
  const chosen =
    urls.find((u) => sandboxes.some((s) => originOf(s) === originOf(u))) ??
    Object.values(baseUrls).find((b) => b.production === String(all[0]?.url ?? ''))?.sandbox ??
    urls[0] ??
    '';
  const origin = originOf(chosen);
  return { origin, basePath: chosen.slice(origin.length).replace(/\/$/, '') };
}

function originOf(url: string): string {
  return /^[a-z]+:\/\/[^/]+/i.exec(url)?.[0] ?? '';
}

/** Fills path parameters with their examples: `/v2/users/{user_id}` → `/v2/users/cust-8812`. */
export function fillPath(
  path: string,
  params: OpenAPIV3_1.ParameterObject[],
  ctx: RenderContext,
): string {
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const p = params.find((q) => q.in === 'path' && q.name === name);
    const value = p ? parameterExample(p, ctx.doc, ctx.resolve) : undefined;
    return value === undefined ? whole : encodeURIComponent(String(value));
  });
}

/** Method badge and path: the first thing on every page. */
export function endpointLine(source: PageSource, ctx: RenderContext): Block {
  const method = source.kind === 'webhook' ? 'post' : source.method;
  return jsx('div', { className: 'api-endpoint' }, [
    paragraph(
      jsxInline('span', { className: `api-method api-method--${method}` }, [
        text(method.toUpperCase()),
      ]),
      text(' '),
      code(source.kind === 'webhook' ? ctx.wording.endpoint.callbackUrl : source.path),
    ),
  ]);
}

/** Deprecation notice, description and, for webhooks, workflows and event type. */
export function introduction(source: PageSource, ctx: RenderContext): Block[] {
  const w = ctx.wording.endpoint;
  const blocks: Block[] = [];
  if (source.operation.deprecated === true) {
    const [first, ...rest] = w.deprecated.split('. ');
    blocks.push(
      paragraph(strong(text(`${first}.`)), text(rest.length ? ` ${rest.join('. ')}` : '')),
    );
  }
  blocks.push(...markdownBlocks(String(source.operation.description ?? '')));
  if (source.kind === 'webhook') {
    const workflows = source.operation['x-workflows'] ?? [];
    if (workflows.length)
      blocks.push(
        paragraph(
          strong(text(`${w.sentIn}:`)),
          text(' '),
          text(workflows.map((flow) => flow.replace(/_/g, ' ')).join(', ')),
          text(workflows.length === 1 ? ' workflow.' : ' workflows.'),
        ),
      );
    blocks.push(paragraph(strong(text(`${w.eventType}:`)), text(' '), code(source.path)));
  }
  return blocks;
}

/** The Endpoint section of an operation: method, path and the base URL per environment. */
export function endpointSection(source: PageSource, ctx: RenderContext): Block[] {
  if (source.kind !== 'operation') return [];
  const w = ctx.wording.endpoint;
  return [
    heading(2, text(ctx.wording.sections.endpoint)),
    searchExcluded([
      paragraph(code(`${source.method.toUpperCase()} ${source.path}`), text(` ${w.onBaseUrl}`)),
      table(
        [w.environment, w.baseUrl],
        servers(source, ctx).map((s) => [
          [text(environmentName(String(s.description ?? '')) || 'Server')],
          [code(String(s.url).replace(/\/$/, ''))],
        ]),
      ),
    ]),
  ];
}
