// ESLint flat config: typescript-eslint (type-aware off for speed), React and hooks rules, and
// import-x's no-extraneous-dependencies so every imported package is declared in package.json,
// in `dependencies` when the build or the site loads it.
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The `dist/` files a package documents as entries (see the rules' comment below). */
const DOCUMENTED_DIST_ENTRIES =
  'ajv/dist/(2020|standalone|runtime/[a-z0-9]+)$|ajv-formats/dist/formats$|@docsearch/css/dist/(_variables|button|modal)\\.css$';

/** no-restricted-imports pattern: a package's dist/ files, except DOCUMENTED_DIST_ENTRIES. */
const DIST_PATTERN = {
  regex: `^(?!${DOCUMENTED_DIST_ENTRIES})(@[^/]+/)?[^./@][^/]*/dist/`,
  message: 'Import the package entry, not its dist/ files.',
};

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      '.docusaurus/',
      '.docusaurus-*/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.bench/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { react, 'react-hooks': reactHooks },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'react/prop-types': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Modules that Docusaurus's bundler provides (its client API, theme and generated
      // aliases, listed in @docusaurus/module-type-aliases): not packages to declare.
      'import-x/internal-regex':
        '^(@theme|@theme-original|@theme-init|@site|@generated)/|^@docusaurus/(constants|ErrorBoundary|Head|Link|Interpolate|Translate|router|useIsomorphicLayoutEffect|useDocusaurusContext|useRouteContext|useBrokenLinks|useIsBrowser|useBaseUrl|ExecutionEnvironment|ComponentCreator|BrowserOnly|isInternalUrl|Noop|renderRoutes|useGlobalData)$',
    },
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        {
          // Tools, tests and benchmarks may use devDependencies; the build (with the scripts
          // `npm run build` runs) and the site may not.
          devDependencies: [
            'tests/**',
            'scripts/bench/**',
            'scripts/{check-content,chromium,screenshots}.mjs',
            'scripts/serve-nginx.ts',
            '*.config.{ts,mjs}',
            'vitest.*.ts',
            'eslint.config.mjs',
          ],
          includeTypes: false,
        },
      ],
      // A package's public entry points, not its build output: a `dist/` path can move in any
      // release without notice. Static imports here, dynamic `import()` below. Ajv's documented
      // entries for draft 2020-12 and standalone code are `ajv/dist/2020` and
      // `ajv/dist/standalone` (ajv.js.org "JSON Schema draft 2020-12", "Standalone validation
      // code"), and standalone code requires its helpers as `ajv/dist/runtime/<name>` and the
      // formats as `ajv-formats/dist/formats` (ajv-formats README, "Standalone validation
      // code"), which whoever loads that code provides; and @docsearch/css, which has no
      // exports map and documents its dist files as the entries for the button and the
      // keyword-search modal (docsearch.algolia.com, "CSS bundles and exports"). They are the
      // exceptions (DOCUMENTED_DIST_ENTRIES), in both.
      'no-restricted-imports': ['error', { patterns: [DIST_PATTERN] }],
      'no-restricted-syntax': [
        'error',
        {
          // The same pattern, its slashes escaped for the selector's regular expression.
          selector: `ImportExpression > Literal[value=/^(?!${DOCUMENTED_DIST_ENTRIES.replaceAll('/', '\\/')})(@[^/]+\\/)?[^./@][^/]*\\/dist\\//]`,
          message: 'Import the package entry, not its dist/ files.',
        },
      ],
    },
  },
  {
    // The site (src/) and the local plugins meet only where a plugin's options or public entry
    // says: the site's code never reaches into a plugin, and a plugin reads from the site only
    // its data (src/data: the platform's facts, product areas) and the Markdown renderings of
    // the site's MDX components (src/components/*/markdown, for the twins). A plugin keeps its
    // own client code (plugins/search-index/client: the search seam) and theme components.
    files: ['src/**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DIST_PATTERN,
            {
              regex: '^(@site/|(\\.\\./)+)plugins/',
              message:
                "The site does not import a plugin's modules: use the plugin's theme components or options.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['plugins/**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DIST_PATTERN,
            {
              regex: '^(@site/|(\\.\\./)+)src/(?!data/|components/[^/]+/markdown$)',
              message:
                "A plugin reads from the site only src/data and the components' Markdown renderings (src/components/*/markdown).",
            },
          ],
        },
      ],
    },
  },
);
