import { describe, expect, it } from 'vitest';
import {
  selfTimeByGroup,
  sideBySide,
  sourceGroup,
  type CallFrame,
} from '../../scripts/bench/profile-lib.mjs';

describe('CPU profile groups (bench:profile)', () => {
  it('names a package, and a Docusaurus package down to its theme component', () => {
    expect(sourceGroup('webpack://aisle-docs/./node_modules/react-dom/cjs/client.js')).toBe(
      'react-dom',
    );
    expect(sourceGroup('webpack://x/./node_modules/@docsearch/react/dist/esm/Button.js')).toBe(
      '@docsearch/react',
    );
    expect(
      sourceGroup('webpack://x/./node_modules/@docusaurus/theme-classic/lib/theme/Navbar/index.js'),
    ).toBe('@docusaurus/theme-classic/theme/Navbar');
    expect(sourceGroup('webpack://x/./node_modules/@docusaurus/core/lib/client/flat.js')).toBe(
      '@docusaurus/core/client/flat',
    );
    expect(
      sourceGroup('webpack://x/./node_modules/@docusaurus/theme-common/src/utils/searchUtils.ts'),
    ).toBe('@docusaurus/theme-common/utils');
  });

  it("names Docusaurus's generated modules, our code and the bundler runtime", () => {
    expect(sourceGroup('webpack://aisle-docs/./.docusaurus/registry.js')).toBe(
      '@generated/registry.js',
    );
    expect(sourceGroup('webpack://aisle-docs/json|/work/site/.docusaurus/globalData.json')).toBe(
      '@generated/globalData.json',
    );
    expect(sourceGroup('webpack://aisle-docs/./plugins/idle-prefetch/prefetch.ts')).toBe(
      'plugins/idle-prefetch',
    );
    expect(sourceGroup('webpack://aisle-docs/./src/theme/ColorModeToggle/index.tsx')).toBe(
      'src/theme/ColorModeToggle',
    );
    expect(sourceGroup('webpack://aisle-docs/./src/components/PageFeedback/index.tsx')).toBe(
      'src/components',
    );
    expect(sourceGroup('webpack://aisle-docs/./plugins/search-index/client/client.ts')).toBe(
      'plugins/search-index',
    );
    expect(sourceGroup('webpack://aisle-docs/webpack/runtime/load_script')).toBe(
      '(bundler runtime)',
    );
    expect(sourceGroup(null)).toBe('(no source)');
  });

  it('sums self time by group, leaving out idle time and naming native and GC time', () => {
    const frame = (functionName: string, url = ''): CallFrame => ({
      functionName,
      url,
      lineNumber: 0,
      columnNumber: 0,
    });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)') },
        { id: 2, callFrame: frame('(idle)') },
        { id: 3, callFrame: frame('render', 'http://x/main.js') },
        { id: 4, callFrame: frame('route', 'http://x/other.js') },
        { id: 5, callFrame: frame('(garbage collector)') },
        { id: 6, callFrame: frame('appendChild') },
      ],
      samples: [1, 2, 3, 3, 4, 5, 6, 2],
      timeDeltas: [100, 5000, 200, 300, 400, 250, 150, 9000],
    };
    const { totalMs, groups } = selfTimeByGroup(profile, (f) =>
      f.url.endsWith('main.js') ? 'react-dom' : 'plugins/x',
    );
    expect(totalMs).toBeCloseTo(1.3, 6);
    expect(Object.fromEntries(groups)).toEqual({
      'react-dom': 0.5,
      'plugins/x': 0.4,
      '(garbage collection)': 0.25,
      '(native appendChild)': 0.15,
    });
  });

  it('puts two sites side by side per load, largest first', () => {
    const ours = new Map([
      ['react-dom', 600],
      ['plugins/x', 40],
    ]);
    const plain = new Map([
      ['react-dom', 300],
      ['prismjs', 120],
    ]);
    expect(sideBySide(ours, 2, plain, 3)).toEqual([
      ['react-dom', 300, 100],
      ['prismjs', 0, 40],
      ['plugins/x', 20, 0],
    ]);
    expect(() => sideBySide(ours, 0, plain, 1)).toThrow(RangeError);
  });
});
