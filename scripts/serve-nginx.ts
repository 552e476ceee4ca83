/**
 * `npm run serve:nginx`: serves the current build/ with the production nginx configuration
 * (deploy/nginx/render.ts) in the foreground on 127.0.0.1:${PORT:-8080}. The configuration is
 * rendered into .nginx/ (ignored by git) from the same redirect list and headers the site uses;
 * integrations configured in the environment extend the CSP. `--render-only` writes the file
 * and exits (used by tests). BUILD_DIR serves another folder (relative to the project or
 * absolute); NGINX_BROTLI=off serves gzip only even when the brotli modules are installed
 * (npm run bench:compare, so that two sites are compared with one codec).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { redirects } from '../config/redirects';
import { contentSecurityPolicy, integrationOrigins, securityHeaders } from '../deploy/headers';
import { inlineScriptHashes } from '../deploy/inline-scripts';
import { renderNginxConfig } from '../deploy/nginx/render';

/**
 * Debian's nginx modules folder. headers-more (libnginx-mod-http-headers-more-filter) is
 * required; brotli is served when both brotli modules are installed (packages
 * libnginx-mod-http-brotli-filter and libnginx-mod-http-brotli-static).
 */
const MODULES = '/usr/lib/nginx/modules';
const HEADERS_MORE = 'ngx_http_headers_more_filter_module.so';
const BROTLI_MODULES = ['ngx_http_brotli_filter_module.so', 'ngx_http_brotli_static_module.so'];

const root = join(__dirname, '..');
const build = resolve(root, process.env.BUILD_DIR ?? 'build');
const prefix = join(root, '.nginx', String(process.env.PORT ?? 8080));
const port = Number(process.env.PORT ?? 8080);

function main() {
  if (!existsSync(build)) {
    console.error(`serve:nginx: ${build} does not exist; run "npm run build" first.`);
    process.exit(1);
  }
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`serve:nginx: PORT must be a port number; got "${process.env.PORT}".`);
    process.exit(1);
  }
  const brotliSetting = process.env.NGINX_BROTLI;
  if (brotliSetting !== undefined && brotliSetting !== 'off') {
    console.error(`serve:nginx: NGINX_BROTLI must be "off" or unset; got "${brotliSetting}".`);
    process.exit(1);
  }
  if (!existsSync(join(MODULES, HEADERS_MORE))) {
    console.error(
      `serve:nginx: ${join(MODULES, HEADERS_MORE)} is missing; run "bash scripts/ensure-system-deps.sh" (package libnginx-mod-http-headers-more-filter).`,
    );
    process.exit(1);
  }
  mkdirSync(prefix, { recursive: true });
  const csp = contentSecurityPolicy(inlineScriptHashes(build), integrationOrigins(process.env));
  const config = renderNginxConfig({
    root: build,
    prefix,
    listen: `127.0.0.1:${port}`,
    redirects,
    headers: securityHeaders(csp),
    modules: MODULES,
    brotli: brotliSetting !== 'off' && BROTLI_MODULES.every((m) => existsSync(join(MODULES, m))),
  });
  const file = join(prefix, 'nginx.conf');
  writeFileSync(file, config);
  if (process.argv.includes('--render-only')) {
    console.log(file);
    return;
  }
  console.log(`serve:nginx: http://127.0.0.1:${port} serving ${build}`);
  const nginx = spawn('nginx', ['-p', prefix, '-c', file, '-g', 'daemon off;'], {
    stdio: 'inherit',
  });
  const stop = () => nginx.kill('SIGQUIT');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  nginx.on('exit', (code) => process.exit(code ?? 0));
}

main();
