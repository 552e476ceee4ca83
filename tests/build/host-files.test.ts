import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redirects } from '../../config/redirects';
import { inlineScriptHashes } from '../../deploy/inline-scripts';

// build/_headers and build/_redirects (for static hosts) agree with the nginx sources.
const build = join(__dirname, '..', '..', 'build');

describe('static host files', () => {
  it('_redirects lists every redirect as a 301', () => {
    const lines = readFileSync(join(build, '_redirects'), 'utf8').trim().split('\n');
    expect(lines).toEqual(redirects.map((r) => `${r.from} ${r.to} 301`));
  });

  it('_headers carries the CSP with every inline script hash, and immutable assets', () => {
    const headers = readFileSync(join(build, '_headers'), 'utf8');
    for (const hash of inlineScriptHashes(build)) expect(headers).toContain(hash);
    expect(headers).toMatch(/^\/\*\n {2}Content-Security-Policy: default-src 'self'/m);
    expect(headers).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable');
    expect(headers).toContain('X-Content-Type-Options: nosniff');
  });
});
