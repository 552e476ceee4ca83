/**
 * The Authorization section, written once per page: the scheme (linked to how to get a
 * credential), the header to send, and the scopes (linked to the scopes page). Webhook pages
 * say how the callback is signed instead.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import {
  type Block,
  type Inline,
  code,
  link,
  list,
  markdownInline,
  paragraph,
  strong,
  text,
} from '../mdx';
import type { Operation, PageSource, RenderContext, SecurityScheme } from './types';

/** The security requirements of an operation: its own, else the definition's. */
function requirementsOf(operation: Operation, doc: OpenAPIV3_1.Document) {
  return operation.security ?? doc.security ?? [];
}

function schemeOf(name: string, ctx: Pick<RenderContext, 'doc' | 'resolve'>): SecurityScheme {
  return ctx.resolve<SecurityScheme>(ctx.doc.components?.securitySchemes?.[name]).node;
}

/**
 * The credential header of an operation's first security requirement, for samples:
 * OAuth 2.0 and HTTP bearer give `Authorization: Bearer <token>` (or the scheme's
 * `x-example-token`, e.g. `keys.<key>`), an API key in a header gives `<Name>: <api_key>`.
 * @returns undefined when the operation needs no credentials.
 */
export function credentialHeader(
  operation: Operation,
  ctx: Pick<RenderContext, 'doc' | 'resolve'>,
): { name: string; value: string } | undefined {
  const requirement = requirementsOf(operation, ctx.doc)[0];
  const name = requirement ? Object.keys(requirement)[0] : undefined;
  if (!name) return undefined;
  const scheme = schemeOf(name, ctx);
  if (scheme.type === 'apiKey' && scheme.in === 'header')
    return { name: scheme.name, value: scheme['x-example-token'] ?? '<api_key>' };
  return { name: 'Authorization', value: `Bearer ${scheme['x-example-token'] ?? '<token>'}` };
}

function schemeName(scheme: SecurityScheme, fallback: string, ctx: RenderContext): string {
  const w = ctx.wording.auth;
  if (scheme.type === 'oauth2')
    return 'clientCredentials' in scheme.flows ? w.oauthClientCredentials : w.oauth;
  if (scheme.type === 'http')
    return scheme.scheme === 'bearer' ? w.httpBearer : `HTTP ${scheme.scheme}`;
  if (scheme.type === 'apiKey') return w.apiKey;
  return fallback;
}

/** The lines of one security requirement: scheme, header, scopes. */
function requirementItems(
  requirement: OpenAPIV3_1.SecurityRequirementObject,
  operation: Operation,
  ctx: RenderContext,
): Inline[][] {
  const w = ctx.wording.auth;
  const items: Inline[][] = [];
  for (const [name, scopes] of Object.entries(requirement)) {
    const scheme = schemeOf(name, ctx);
    const schemeText = text(schemeName(scheme, name, ctx));
    items.push([
      strong(text(`${w.scheme}:`)),
      text(' '),
      schemeText,
      ...(ctx.links.auth
        ? [text(' ('), link(ctx.links.auth, text(w.howToGet.toLowerCase())), text(')')]
        : []),
    ]);
    let header: Inline[] | undefined;
    if (scheme.type === 'apiKey') {
      const token = scheme['x-example-token'] ?? '<api_key>';
      header =
        scheme.in === 'header'
          ? [code(`${scheme.name}: ${token}`)]
          : [code(scheme.name), text(` (${scheme.in})`)];
    } else {
      const h = credentialHeader({ ...operation, security: [{ [name]: scopes }] }, ctx);
      if (h) header = [code(`${h.name}: ${h.value}`)];
    }
    if (header) items.push([strong(text(`${w.header}:`)), text(' '), ...header]);
    if (scopes.length) {
      const line: Inline[] = [strong(text(`${w.scopes}:`)), text(' ')];
      scopes.forEach((s, i) => {
        if (i) line.push(text(', '));
        line.push(code(s));
      });
      if (ctx.links.scopes)
        line.push(text(' ('), link(ctx.links.scopes, text(w.allScopes)), text(')'));
      items.push(line);
    }
  }
  return items;
}

/** The Authorization section's blocks. */
export function authorization(source: PageSource, ctx: RenderContext): Block[] {
  const w = ctx.wording.auth;
  if (source.kind === 'webhook') {
    const line: Inline[] = [...markdownInline(w.webhookSignature)];
    if (ctx.links.webhooks)
      line.push(text(' '), link(ctx.links.webhooks, text(w.webhookHow)), text('.'));
    return [paragraph(...line)];
  }
  const requirements = requirementsOf(source.operation, ctx.doc);
  if (!requirements.length || requirements.every((r) => !Object.keys(r).length))
    return [paragraph(text(w.none))];
  if (requirements.length === 1)
    return [list(requirementItems(requirements[0], source.operation, ctx))];
  return [
    paragraph(text(w.anyOf)),
    ...requirements.map((r) => list(requirementItems(r, source.operation, ctx))),
  ];
}
