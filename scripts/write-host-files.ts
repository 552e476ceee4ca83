/**
 * Writes build/_headers and build/_redirects, the files static hosts read for headers and
 * redirects, from the same sources as the nginx configuration (deploy/headers.ts,
 * config/redirects.ts checked by deploy/redirect-rules.ts, the inline-script hashes of the
 * build). Run by `npm run build`; a redirect that is not a safe path or URL stops it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redirects } from '../config/redirects';
import {
  IMMUTABLE,
  REVALIDATE,
  contentSecurityPolicy,
  integrationOrigins,
  securityHeaders,
} from '../deploy/headers';
import { inlineScriptHashes } from '../deploy/inline-scripts';
import { renderRedirectsFile } from '../deploy/redirect-rules';

const build = join(__dirname, '..', process.env.BUILD_DIR ?? 'build');
const csp = contentSecurityPolicy(inlineScriptHashes(build), integrationOrigins(process.env));
const block = (path: string, headers: [string, string][]) =>
  [path, ...headers.map(([k, v]) => `  ${k}: ${v}`)].join('\n');

writeFileSync(
  join(build, '_headers'),
  `${[
    block('/*', [...securityHeaders(csp), ['Cache-Control', REVALIDATE]]),
    block('/assets/*', [['Cache-Control', IMMUTABLE]]),
  ].join('\n\n')}\n`,
);
writeFileSync(join(build, '_redirects'), renderRedirectsFile(redirects));
console.log('write-host-files: build/_headers and build/_redirects written.');
