/**
 * What msw 2.15.0 imports from `tough-cookie` (lib/core/utils/cookieStore.mjs: `Cookie`,
 * `CookieJar`, `MemoryCookieStore`), as a jar that keeps no cookie. The bundler puts it in
 * place of tough-cookie for imports from inside msw only (index.ts, plugins/lib/upstream-module):
 * tough-cookie and the public suffix list it pulls in (tldts) were 57 of msw's 97 KB gzip in
 * the panel's chunks, for a feature the panel does not use: the sandbox twin's answers set no
 * cookie and its requests carry none (credentials are headers). It also keeps msw from writing
 * its cookie index into the reader's localStorage. tests/unit/try-it.test.ts checks that msw
 * imports nothing else from tough-cookie.
 */

/** msw's store reads and writes `idx` (domain → path → key → cookie); it stays empty. */
export class MemoryCookieStore {
  idx: Record<string, Record<string, Record<string, unknown>>> = {};
}

/** msw revives persisted cookies with `fromJSON`; there are none to revive. */
export class Cookie {
  static fromJSON(): null {
    return null;
  }
}

/** A jar with no cookies: no request gets one, a response's `Set-Cookie` is not kept. */
export class CookieJar {
  constructor(readonly store?: MemoryCookieStore) {}

  getCookiesSync(): Cookie[] {
    return [];
  }

  async setCookie(): Promise<undefined> {
    return undefined;
  }
}
