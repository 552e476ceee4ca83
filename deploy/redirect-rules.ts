/**
 * The one place that turns paths into `Location` headers, for every server: the nginx
 * configuration (deploy/nginx/render.ts) and the `_redirects` file for static hosts
 * (scripts/write-host-files.ts). Why and how it was measured: design/production-server.md.
 *
 * A `Location` is either a same-origin path built only from safe path characters (one leading
 * `/`, then segments of RFC 3986 unreserved characters, so never `//`, `/\`, a control
 * character or a space), or one of the external targets listed in config/redirects.ts,
 * checked here. Request text that is not a safe path never reaches a `Location`: nginx
 * answers such paths with the 404 page instead of redirecting them.
 */
import type { Redirect } from '../config/redirects';

/**
 * One path segment: `/`, then an unreserved character other than `.` (so no `.`, `..` or
 * dotfile segment), then unreserved characters. A regular-expression source, shared by the
 * nginx locations and the checks below.
 */
export const SAFE_SEGMENT = '/[A-Za-z0-9_~-][A-Za-z0-9._~-]*';

/** True when `text` holds a C0 control character (U+0000–U+001F) or DEL (U+007F). */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A whole same-origin path of one or more safe segments (no trailing slash). */
export const SAFE_PATH = new RegExp(`^(?:${SAFE_SEGMENT})+$`);

/** True when `path` may be sent as a same-origin `Location` (see the module comment). */
export function isSafePath(path: string): boolean {
  return path.length <= 2048 && SAFE_PATH.test(path);
}

/**
 * True when `url` is an acceptable external target: an `https:` URL with no credentials,
 * whose text is exactly its normalised form (so nothing a parser would read differently) and
 * holds no quote, space, backslash, `$`, `;`, brace or control character (nginx syntax).
 */
export function isSafeExternalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' &&
    !parsed.username &&
    !parsed.password &&
    parsed.href === url &&
    !/["'\s\\$;{}]/.test(url) &&
    !hasControlCharacter(url)
  );
}

/**
 * The redirects, checked: every `from` is a safe path, every `to` a safe path or a safe
 * external URL, and no `from` is listed twice.
 * @throws Error naming the first rule that fails, and why (the build and the server stop).
 */
export function checkedRedirects(list: readonly Redirect[]): readonly Redirect[] {
  const seen = new Set<string>();
  for (const r of list) {
    if (!isSafePath(r.from)) {
      throw new Error(
        `Redirect from "${r.from}": the old path must be made of /-separated segments of letters, digits and . _ ~ - (config/redirects.ts).`,
      );
    }
    if (!isSafePath(r.to) && !isSafeExternalUrl(r.to)) {
      throw new Error(
        `Redirect from "${r.from}" to "${r.to}": the target must be a path of safe characters or an https URL without credentials, quotes, spaces or control characters (config/redirects.ts).`,
      );
    }
    if (seen.has(r.from)) throw new Error(`Redirect from "${r.from}" is listed twice.`);
    seen.add(r.from);
  }
  return list;
}

/** The `_redirects` file for static hosts: one `from to 301` line per checked redirect. */
export function renderRedirectsFile(list: readonly Redirect[]): string {
  return `${checkedRedirects(list)
    .map((r) => `${r.from} ${r.to} 301`)
    .join('\n')}\n`;
}
