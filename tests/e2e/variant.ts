import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/** A free TCP port on 127.0.0.1 (listens on port 0, then closes). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Builds the site with extra environment variables into `outDir` (e.g. `build-extras`) and
 * serves it with `docusaurus serve` on a free port: for e2e tests of configuration variants
 * (Algolia, integrations, fixture pages). Call `stop()` in afterAll.
 * @throws Error with the build's stderr when the build fails, or when the server does not start.
 */
export async function buildAndServe(
  outDir: string,
  env: Record<string, string>,
): Promise<{ url: string; stop: () => void }> {
  const build = spawnSync('npx', ['docusaurus', 'build', '--out-dir', outDir], {
    cwd: root,
    // Variant builds may run in parallel with each other: each gets its own generated-files
    // folder and no shared persistent bundler cache.
    env: {
      ...process.env,
      DOCUSAURUS_GENERATED_FILES_DIR_NAME: `.docusaurus-${outDir}`,
      DOCUSAURUS_NO_PERSISTENT_CACHE: '1',
      ...env,
    },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build of ${outDir} failed:\n${build.stderr}`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(
    'npx',
    [
      'docusaurus',
      'serve',
      '--dir',
      outDir,
      '--no-open',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    { cwd: root, stdio: 'ignore', detached: true },
  );
  const stop = () => {
    if (server.pid) process.kill(-server.pid);
  };
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return { url, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error(`docusaurus serve of ${outDir} did not start`);
}
