/**
 * What a sample does when run: one request, a script of several requests, a function the reader
 * calls from their own code, or something that is not a request at all (a shell `export`, a
 * callback signature check, a server). Read from the code only; the runner records what the
 * code really sends.
 */
import { sampleEnvironment } from '../../src/data/facts/examples';
import type { CodeSample } from './extract';

/** The kinds of sample, from what running it would do. */
export type SampleKind =
  /** Sends exactly one request; the page's status applies to it. */
  | 'request'
  /** Sends several requests (steps, loops, a token then a call), each checked on its own. */
  | 'script'
  /** Defines functions or classes that send requests, and calls none: loaded, not run. */
  | 'function'
  /** Not a request: `reason` says what it is. */
  | 'other';

export interface Classified {
  kind: SampleKind;
  /** The JSON body of the first request when it is literal (`--data '…'` or `--data @file`). */
  body?: string;
  /** Why the sample is `function` or `other`; what it runs for `request`/`script`. */
  reason: string;
  /** Method and absolute URL of the first request when they are literal in the code. */
  first?: { method: string; url: string };
}

/**
 * Origins of the API hosts (CONTRIBUTING.md "Hosts"): production, sandbox and test hosts of
 * Connect, Catalog, the Developer Platform API, Ads, every FoodStorm store
 * (`https://{store}.foodstorm.example`, `https://fresh-market-test.foodstorm.example`), and the
 * Storefront's payment connector: the example provider host the pages show
 * (`https://payments.provider.example`), which the sandbox's reference connector
 * (`https://payments.sandbox.aisle.example`) stands in for.
 */
export const API_ORIGIN =
  /https?:\/\/(?:(?:connect|catalog|api|ads|payments)(?:\.sandbox)?\.aisle\.example|(?:\{store\}|[a-z0-9-]+)\.foodstorm\.example|payments\.provider\.example)/g;

const REQUEST_CALL: Record<CodeSample['language'], RegExp> = {
  curl: /(^|[\s;|&(`$])curl\s/gm,
  shell: /(^|[\s;|&(`$])(curl|wget|http)\s/gm,
  python:
    /\brequests\.(get|post|put|patch|delete|request)\(|\bsession\.(get|post|put|patch|delete)\(/g,
  javascript: /\bfetch\(/g,
  go: /http\.(NewRequest|NewRequestWithContext|Get|Post)\(/g,
  java: /HttpRequest\.newBuilder\(/g,
};

const LOOP: Record<CodeSample['language'], RegExp> = {
  curl: /^\s*(for|while)\s/m,
  shell: /^\s*(for|while)\s/m,
  python: /^\s*(for|while)\s/m,
  javascript: /\b(for|while)\s*\(/,
  go: /\bfor\s/,
  java: /\b(for|while)\s*\(/,
};

/** Functions declared, and whether code at the top level calls anything. */
function definesOnly(sample: CodeSample): boolean {
  const code = sample.code;
  switch (sample.language) {
    case 'python': {
      if (!/^(def|async def|class) /m.test(code)) return false;
      // Top-level statements other than imports, assignments of constants, defs and decorators.
      const calls = code
        .split('\n')
        .filter((l) => /^[A-Za-z_]/.test(l))
        .filter(
          (l) =>
            !/^(import|from|def|async def|class|@|[A-Z_][A-Z0-9_]*\s*[:=]|if __name__)/.test(l),
        )
        // An instance of a class the block defines (`tokens = TokenCache(…)`) calls nothing yet.
        .filter((l) => !/^[a-z_]\w*\s*=\s*[A-Z]\w*\(/.test(l));
      return calls.length === 0;
    }
    case 'javascript': {
      if (!/^(export\s+)?(async\s+)?function\b|^export\s+(const|class)\b/m.test(code)) return false;
      return !/^(await\s|[a-z][\w.]*\(|const \w+ = await )/m.test(code);
    }
    case 'curl':
    case 'shell': {
      // Only function definitions (`sandbox() { curl … }`), comments and blank lines.
      const outside = code.replace(/^\w+\(\)\s*\{[\s\S]*?^\}/gm, '');
      return /^\w+\(\)\s*\{/m.test(code) && /^(\s*(#.*)?)*$/.test(outside);
    }
    case 'go':
      return !/^func main\(\)/m.test(code);
    case 'java':
      return !/public static void main\(/.test(code) && /\bclass\s/.test(code);
    default:
      return false;
  }
}

/** What is not a request, from its code; undefined when it looks like one. */
function notRequestReason(sample: CodeSample): string | undefined {
  const code = sample.code;
  if (
    /X-Aisle-Signature|createHmac|hmac\.new|HmacSHA256|hmac\.New|compare_digest|timingSafeEqual/i.test(
      code,
    )
  ) {
    return 'verifies a callback signature (run against a signed example)';
  }
  if (
    /\b(listen\(|createServer|app\.(post|get)\(|@app\.(post|route)|HttpServer\.create|ListenAndServe|Flask\(|express\()/.test(
      code,
    )
  ) {
    return 'starts a server that receives callbacks';
  }
  if (
    (sample.language === 'shell' || sample.language === 'curl') &&
    /^(\s*(export\s+\w+=.*|#.*)?\s*)+$/.test(code)
  ) {
    return 'sets environment variables';
  }
  return undefined;
}

/**
 * True when the request call sits in a helper function (`def post(…)`, `async function post(…)`)
 * that the code calls more than once or in a loop: the sample sends several requests.
 */
function helperCalledOften(sample: CodeSample): boolean {
  const declared =
    sample.language === 'python'
      ? [...sample.code.matchAll(/^(?:async )?def (\w+)\(/gm)]
      : sample.language === 'javascript'
        ? [...sample.code.matchAll(/^(?:export )?(?:async )?function (\w+)\(/gm)]
        : [];
  return declared.some(([, name]) => {
    const uses = sample.code.match(new RegExp(`\\b${name}\\(`, 'g'))?.length ?? 0;
    return uses - 1 > 1 || (uses > 1 && LOOP[sample.language].test(sample.code));
  });
}

/** Classifies one sample. Never throws. */
export function classify(sample: CodeSample): Classified {
  const code = sample.code;
  const hosts = code.match(API_ORIGIN) ?? [];
  const calls = code.match(REQUEST_CALL[sample.language]) ?? [];
  const other = notRequestReason(sample);
  if (other && (!hosts.length || /verifies|starts a server/.test(other))) {
    return { kind: 'other', reason: other };
  }
  if (!hosts.length) {
    if (calls.length) return { kind: 'other', reason: 'sends requests to no Aisle API host' };
    return { kind: 'other', reason: 'makes no request' };
  }
  if (sample.prelude !== undefined) {
    // Calls of the page's shell helper: one request per call.
    const own = code.slice(sample.prelude.length);
    const names = [...sample.prelude.matchAll(/^(\w+)\(\)/gm)].map((m) => m[1]);
    const helperCalls = own
      .split('\n')
      .filter((l) => names.some((n) => new RegExp(`^\\s*${n}\\s`).test(l))).length;
    const looped = LOOP[sample.language].test(own);
    if (helperCalls + calls.length - 1 > 1 || looped) {
      return {
        kind: 'script',
        reason: `${helperCalls} calls of the page's shell helper${looped ? ' in a loop' : ''}`,
      };
    }
  }
  if (definesOnly(sample)) {
    return {
      kind: 'function',
      reason: 'defines code the reader calls and calls none of it: loaded, not run',
    };
  }
  const first = firstRequest(sample);
  // A loop that starts before the first request call repeats it (pages, steps); one after it
  // only walks the answer.
  const firstCall = code.search(REQUEST_CALL[sample.language]);
  const loop = LOOP[sample.language].exec(code);
  const looped = loop !== null && loop.index < firstCall;
  if (calls.length > 1 || looped || helperCalledOften(sample)) {
    return {
      kind: 'script',
      reason: `${calls.length} request calls${looped ? ' in a loop' : ''}`,
      first,
    };
  }
  return { kind: 'request', reason: 'one request', first, body: firstBody(sample) };
}

/**
 * The body a cURL sample sends, when literal: `--data '…'` (single-quoted, as httpsnippet and the
 * guides write it) or `--data @file` read from the files the page gives.
 */
export function firstBody(sample: CodeSample): string | undefined {
  if (sample.language !== 'curl') return undefined;
  const quoted = /--data(?:-raw|-binary)?\s+'([^']*)'/.exec(sample.code);
  if (quoted) return quoted[1].trim();
  // `--data @-` and a here-document (the API pages' samples): its text, escapes undone.
  const heredoc = /--data(?:-raw|-binary)?\s+@-\s*<<'?(\w+)'?\n([\s\S]*?)\n\1$/m.exec(sample.code);
  if (heredoc) return heredoc[2].replace(/\\([$`\\])/g, '$1').trim();
  const file = /--data(?:-raw|-binary)?\s+@([\w.-]+)/.exec(sample.code)?.[1];
  return file ? sample.pageFiles[file]?.trim() : undefined;
}

const URL_LITERAL = new RegExp(`(${API_ORIGIN.source})[^\\s"'\`)\\\\]*`);

/**
 * The path a sample that reads its base URL from the environment appends to it (snippets.ts of
 * the API pages): `"$BASE_URL/v2/…"`, `f"{base_url}/v2/…"`, `` `${baseUrl}/v2/…` ``,
 * `baseURL+"/v2/…"`, `baseUrl + "/v2/…"`.
 */
const PATH_AFTER_BASE =
  /(?:\$BASE_URL|\{base_url\}|\$\{baseUrl\}|baseURL\s*\+\s*"|baseUrl\s*\+\s*")(\/[^\s"'`]*)/;

/** True when a sample reads its base URL from the sample environment (it runs as copied). */
export function readsBaseUrl(code: string): boolean {
  return code.includes(sampleEnvironment.baseUrl);
}

/**
 * Method and URL of the first request when both are literal (no variable in the URL); for a
 * sample that reads its base URL from the environment, its default origin and the path it
 * appends.
 */
export function firstRequest(sample: CodeSample): { method: string; url: string } | undefined {
  const code = sample.code;
  const match = URL_LITERAL.exec(code);
  if (!match) return undefined;
  let url = match[0];
  if (readsBaseUrl(code)) {
    const path = PATH_AFTER_BASE.exec(code)?.[1];
    const origin = code.match(API_ORIGIN)?.[0];
    if (!path || !origin) return undefined;
    url = `${origin}${path}`;
  } else if (/[{}$]/.test(url.replace(/^https:\/\/\{store\}/, 'https://store'))) return undefined;
  let method = 'GET';
  const patterns: RegExp[] = [
    /--request\s+([A-Z]+)|-X\s*([A-Z]+)/,
    /requests\.(get|post|put|patch|delete)\(|requests\.request\(\s*"([A-Z]+)"/,
    /method:\s*['"]([A-Z]+)['"]/,
    /http\.NewRequest(?:WithContext)?\((?:ctx,\s*)?(?:"([A-Z]+)"|http\.Method(\w+))/,
    /\.method\("([A-Z]+)"|\.(POST|PUT|DELETE|GET)\(/,
  ];
  for (const p of patterns) {
    const m = p.exec(code);
    if (m) {
      method = (m.slice(1).find(Boolean) ?? 'GET').toUpperCase();
      break;
    }
  }
  if (
    method === 'GET' &&
    sample.language === 'curl' &&
    /\s(--data|-d|--data-raw|--json)\s/.test(code)
  ) {
    method = 'POST';
  }
  return { method, url };
}
