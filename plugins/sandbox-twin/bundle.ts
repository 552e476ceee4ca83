/**
 * Bundles the sandbox twin into one self-contained ES module for Node 20 (./standalone.ts with
 * the generated data), which the build publishes for integrators' CI (design/sandbox-twin.md,
 * "One file to run in CI"). esbuild does the bundling: the file needs every import inlined,
 * Ajv's CommonJS helpers included, which is a bundler's job.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { listFiles } from './generate';

/** Name the file is published under, and what readers run. */
export const STANDALONE_FILE = 'aisle-sandbox.mjs';

/** What the page says about the published file. */
export interface StandaloneInfo {
  /** The twin's version: the hash its operation modules are published under. */
  version: string;
  /** Size of the file in bytes. */
  bytes: number;
  /** SHA-256 of the file, hex. */
  sha256: string;
}

/**
 * Writes `outFile`: the twin over the data generated in `dataDir` (`routes.json`, `seed.json`,
 * `ops/<api>/<operationId>.js`, plugins/sandbox-twin/generate.ts).
 * @param version the twin's version, printed by `--version` and at start.
 * @throws Error when esbuild cannot bundle it (a missing module, a syntax error).
 */
export async function bundleStandalone(
  dataDir: string,
  outFile: string,
  version: string,
): Promise<StandaloneInfo> {
  const ops = (await listFiles(join(dataDir, 'ops'))).filter((f) => f.endsWith('.js')).sort();
  const entry = [
    `import { main } from ${JSON.stringify(join(__dirname, 'standalone.ts'))};`,
    `import routes from ${JSON.stringify(join(dataDir, 'routes.json'))};`,
    `import seed from ${JSON.stringify(join(dataDir, 'seed.json'))};`,
    ...ops.map((f, i) => `import op${i} from ${JSON.stringify(join(dataDir, 'ops', f))};`),
    'const modules = {',
    ...ops.map((f, i) => `  ${JSON.stringify(f.replace(/\.js$/, ''))}: op${i},`),
    '};',
    `await main({ version: ${JSON.stringify(version)}, routes, seed, modules });`,
  ].join('\n');
  await build({
    stdin: { contents: entry, resolveDir: dataDir, sourcefile: 'aisle-sandbox-entry.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: outFile,
    minify: true,
    legalComments: 'eof',
    logLevel: 'silent',
    banner: {
      js: `#!/usr/bin/env node\n// Aisle sandbox twin ${version}: node ${STANDALONE_FILE} --help`,
    },
  });
  const bytes = await readFile(outFile);
  const info = {
    version,
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  await writeFile(`${outFile}.sha256`, `${info.sha256}  ${STANDALONE_FILE}\n`);
  return info;
}
