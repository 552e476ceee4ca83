import { describe, expect, it } from 'vitest';
import { repairedPathname } from '../../src/clientModules/malformedAddress';

describe('malformed address repair', () => {
  it('leaves addresses that decode alone', () => {
    expect(repairedPathname('/connect/fulfillment')).toBeNull();
    expect(repairedPathname('/docs/caf%C3%A9')).toBeNull();
    expect(repairedPathname('/a%20b%25c')).toBeNull();
  });

  it('escapes every % of an address that does not decode, so that it decodes to what was sent', () => {
    for (const bad of ['/connect/foo%E0%A4', '/%', '/x%zz', '/%C0%AF/%20']) {
      const repaired = repairedPathname(bad);
      expect(repaired).not.toBeNull();
      expect(decodeURI(repaired as string)).toBe(bad);
    }
  });
});
