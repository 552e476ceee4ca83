import { describe, expect, it } from 'vitest';
import { keepModalStylesLazy } from '../../plugins/search-index';

type Config = Parameters<typeof keepModalStylesLazy>[0];
type Test = (module: { nameForCondition?: () => string | null }) => boolean;

/** A client configuration with Docusaurus's `styles` cache group (lib/webpack/base.js). */
const withStylesGroup = () =>
  ({
    optimization: {
      splitChunks: {
        cacheGroups: {
          styles: { name: 'styles', type: 'css/mini-extract', chunks: 'all', enforce: true },
        },
      },
    },
  }) as unknown as Config;

const stylesTest = (config: Config) =>
  (
    (config.optimization!.splitChunks as { cacheGroups: Record<string, { test?: Test }> })
      .cacheGroups.styles as { test?: Test }
  ).test;

const at = (path: string) => ({ nameForCondition: () => path });

describe("DocSearch's modal styles kept out of styles.css (plugins/search-index)", () => {
  it('leaves only the modal stylesheet out of the styles group', () => {
    const config = withStylesGroup();
    keepModalStylesLazy(config, false);
    const test = stylesTest(config)!;
    expect(test(at('/site/node_modules/@docsearch/css/dist/modal.css'))).toBe(false);
    expect(test(at('C:\\site\\node_modules\\@docsearch\\css\\dist\\modal.css'))).toBe(false);
    expect(test(at('/site/node_modules/@docsearch/css/dist/button.css'))).toBe(true);
    expect(test(at('/site/node_modules/@docsearch/css/dist/style.css'))).toBe(true);
    expect(test(at('/site/src/css/custom.css'))).toBe(true);
    expect(test({})).toBe(true);
  });

  it('leaves the server build and a configuration without the group alone', () => {
    const server = withStylesGroup();
    keepModalStylesLazy(server, true);
    expect(stylesTest(server)).toBeUndefined();
    const bare = {} as Config;
    expect(() => keepModalStylesLazy(bare, false)).not.toThrow();
    expect(bare).toEqual({});
  });
});
