/**
 * Turning a sample into a program that runs against the twin: its API hosts replaced by a local
 * origin, its credential placeholders by the twin's credentials, and the environment variables
 * the pages tell readers to set (CONTRIBUTING.md "Sample environment variables").
 */
import { execFileSync } from 'node:child_process';
import { sampleEnvironment } from '../../src/data/facts/examples';
import { API_ORIGIN } from './classify';
import type { CodeSample } from './extract';
import type { TwinCredentials } from './twin';

/** Credentials a prepared sample gets. */
export interface SampleCredentials {
  token: string;
  creds: TwinCredentials;
  /** Secret the callback examples are signed with (`AISLE_CALLBACK_SECRET`). */
  callbackSecret: string;
}

/**
 * Definition whose API key a host takes (`api.` is the Developer Platform API; `payments.`, a
 * payment provider's connector or the sandbox's reference connector, takes the reference
 * connector's test token).
 */
function apiOfHost(host: string): string | undefined {
  if (host.includes('.foodstorm.example')) return 'foodstorm';
  if (/\/\/payments\./.test(host)) return 'payment-connector';
  if (/\/\/ads\./.test(host)) return 'ads';
  if (/\/\/api\./.test(host)) return 'developer-platform';
  if (/\/\/catalog\./.test(host)) return 'catalog';
  return undefined;
}

/**
 * Replaces every API origin in `code` by `origin` (`http://127.0.0.1:4411`), keeping the path:
 * `https://connect.aisle.example/v2/x` → `http://127.0.0.1:4411/v2/x`. Other hosts (the
 * Platform Portal, callback endpoints) are left alone.
 */
export function rewriteHosts(code: string, origin: string): string {
  return code.replace(API_ORIGIN, origin);
}

/**
 * A key as the pages' samples write it: `Bearer keys.<key>` puts the `keys.` prefix in the code,
 * so a key the twin gives with its prefix (`keys.sandbox_8b1f4a`) is used without it.
 */
function bareKey(key: string | undefined): string {
  return (key ?? '').replace(/^keys\./, '');
}

/**
 * The credential placeholders the pages use: `<token>`, the client credentials, and the key of
 * the API of the sample's host (`<api_key>`, `<key>`, the payment connector's
 * `<provider_token>`).
 */
export function fillPlaceholders(code: string, credentials: SampleCredentials): string {
  const hosts = code.match(API_ORIGIN) ?? [];
  const api = hosts.map(apiOfHost).find(Boolean);
  const key = api ? bareKey(credentials.creds.api_keys[api]) : '';
  return code
    .replace(/<token>/g, credentials.token)
    .replace(/<client_id>/g, credentials.creds.client_id)
    .replace(/<client_secret>/g, credentials.creds.client_secret)
    .replace(/<api[ _]?key>|<key>|<provider_token>/gi, key);
}

/**
 * The sample environment of a sample that reads it (CONTRIBUTING.md "Sample environment
 * variables"): the base URL (`origin`, the recording proxy) and the credential of the API of its
 * default origin, the key as the sandbox gives it for a key-based API (`keys.ads_test_5c2e8f`),
 * else the Connect token.
 */
export function runEnvironment(
  code: string,
  credentials: SampleCredentials,
  origin: string,
): Record<string, string> {
  const keys = credentials.creds.api_keys;
  const api = (code.match(API_ORIGIN) ?? []).map(apiOfHost).find((a) => a && a in keys);
  return {
    [sampleEnvironment.baseUrl]: origin,
    [sampleEnvironment.token]: api ? keys[api] : credentials.token,
  };
}

/** Environment variables a sample may read (the pages' names), filled from the twin. */
export function guideEnvironment(credentials: SampleCredentials): Record<string, string> {
  const keys = credentials.creds.api_keys;
  return {
    AISLE_TOKEN: credentials.token,
    AISLE_CLIENT_ID: credentials.creds.client_id,
    AISLE_CLIENT_SECRET: credentials.creds.client_secret,
    AISLE_CALLBACK_SECRET: credentials.callbackSecret,
    AISLE_API_KEY: bareKey(keys['developer-platform']),
    // The key rotation page sends the new key; the twin has one key per API.
    AISLE_NEW_API_KEY: bareKey(keys['developer-platform']),
    AISLE_ADS_KEY: bareKey(keys.ads),
    FOODSTORM_API_KEY: bareKey(keys.foodstorm),
  };
}

/** Marker line the runner adds to a single cURL request's output (`--write-out`). */
export const CURL_STATUS_MARKER = 'SAMPLE-HTTP-STATUS';

/**
 * A single cURL request with `--silent --show-error --write-out` added after `curl`, so its
 * status is printed on a marker line. A `--write-out` of the sample's own comes later on the
 * command line and wins; the recorded exchange is the reference either way.
 */
export function instrumentCurl(code: string): string {
  return code.replace(
    /(^|[\s;|&(])curl\s/m,
    `$1curl --silent --show-error --write-out '\\n${CURL_STATUS_MARKER} %{http_code}\\n' `,
  );
}

/** The file a prepared sample is written to, by language. */
export function fileName(sample: CodeSample): string {
  switch (sample.language) {
    case 'python':
      return 'sample.py';
    case 'javascript':
      return /\brequire\(/.test(sample.code) && !/^import\s/m.test(sample.code)
        ? 'sample.cjs'
        : 'sample.mjs';
    case 'go':
      return 'main.go';
    case 'java':
      return 'Sample.java';
    default:
      return 'sample.sh';
  }
}

/**
 * The Python interpreter: `python3`'s real executable, resolved once, since a version manager's
 * shim (pyenv) costs about 0.1 s per start, on hundreds of starts.
 */
export const PYTHON = (() => {
  try {
    return (
      execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], {
        encoding: 'utf8',
      }).trim() || 'python3'
    );
  } catch {
    return 'python3';
  }
})();

/**
 * Pauses the pages put between steps so a reader can watch callbacks arrive (`sleep 2`,
 * `time.sleep(2)`, `setTimeout`, global or from `node:timers/promises`) return at once (a
 * global timer waits at most 10 ms): the twin sends
 * callbacks as it answers. Bash: a `sleep` function; Python: `PYTHONSTARTUP` is not read by
 * scripts, so a `sitecustomize` in the sample's folder; Node.js: a module loaded with `--import`.
 */
export const NO_PAUSE_FILES: Record<string, string> = {
  'sitecustomize.py': 'import time\ntime.sleep = lambda seconds: None\n',
  'no-pause.mjs':
    "import timers from 'node:timers/promises';\nimport { syncBuiltinESMExports } from 'node:module';\ntimers.setTimeout = async (_ms, value) => value;\nsyncBuiltinESMExports();\nconst wait = globalThis.setTimeout;\nglobalThis.setTimeout = (fn, ms, ...args) => wait(fn, Math.min(Number(ms) || 0, 10), ...args);\n",
};

/** The command that runs a prepared sample file (`file` in the current folder). */
export function runCommand(sample: CodeSample, file: string): string[] {
  switch (sample.language) {
    case 'python':
      return [PYTHON, file];
    case 'javascript':
      return ['node', '--import', './no-pause.mjs', file];
    default:
      return ['bash', '-c', `sleep() { :; }; source ${file}`];
  }
}
