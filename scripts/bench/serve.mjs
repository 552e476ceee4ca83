/**
 * Serving for the benchmarks: a built site behind the production nginx configuration
 * (`npm run serve:nginx`, scripts/serve-nginx.ts), started in its own process group so that
 * stopping it stops nginx too.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/**
 * Resolves once `url` answers 2xx.
 * @throws Error when it has not within `ms` milliseconds.
 */
export async function waitFor(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer at ${url} within ${ms / 1000} s`);
}

/**
 * Starts nginx on 127.0.0.1:`port` serving `buildDir` (default build/; relative to the
 * project or absolute) and waits until it answers.
 * @param brotli false serves gzip only (NGINX_BROTLI=off) even when the brotli modules exist.
 * @returns `{ origin, stop }`; stop() ends nginx and never throws.
 * @throws Error when nginx does not answer within a minute (it is stopped first).
 */
export async function startNginx({ port, buildDir, brotli = true }) {
  const env = { ...process.env, PORT: String(port) };
  if (buildDir) env.BUILD_DIR = buildDir;
  if (!brotli) env.NGINX_BROTLI = 'off';
  const child = spawn('npm', ['run', '--silent', 'serve:nginx'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid);
    } catch {
      // already stopped
    }
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${origin}/`);
  } catch (error) {
    stop();
    throw new Error(`nginx for ${buildDir ?? 'build'}: ${error.message}`);
  }
  return { origin, stop };
}

/**
 * A benchmark's port pair from the environment: the variable `name` (default `fallback`) is
 * our site's port, the next one the plain site's, so it must be below 65535.
 * @returns the port number. @throws Error naming the variable and its value otherwise.
 */
export function portFromEnv(name, fallback) {
  const setting = process.env[name] ?? fallback;
  const port = Number(setting);
  if (!/^\d+$/.test(setting) || port < 1 || port > 65534) {
    throw new Error(`${name} must be a port number below 65535; got "${setting}".`);
  }
  return port;
}
