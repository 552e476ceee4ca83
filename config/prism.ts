/**
 * Code block themes with WCAG AA contrast (4.5:1) for every token against the block
 * background: Prism's stock `github` and `vsDark` themes fail axe's `color-contrast` on
 * strings, comments and constants. Colours follow an accessible light/dark code palette.
 */
import type { PrismTheme } from 'prism-react-renderer';

/** Light theme, background #f6f8fa. */
export const lightCodeTheme: PrismTheme = {
  plain: { color: '#1f2328', backgroundColor: '#f6f8fa' },
  styles: [
    {
      types: ['comment', 'prolog', 'doctype', 'cdata'],
      style: { color: '#57606a', fontStyle: 'italic' },
    },
    { types: ['punctuation', 'operator'], style: { color: '#1f2328' } },
    {
      types: ['keyword', 'builtin', 'changed', 'important', 'atrule'],
      style: { color: '#b4232c' },
    },
    {
      types: ['string', 'char', 'attr-value', 'regex', 'inserted', 'url'],
      style: { color: '#0a3069' },
    },
    { types: ['number', 'boolean', 'constant', 'symbol'], style: { color: '#0550ae' } },
    { types: ['property', 'attr-name', 'tag', 'selector'], style: { color: '#116329' } },
    { types: ['function', 'class-name'], style: { color: '#6639ba' } },
    { types: ['variable', 'parameter'], style: { color: '#953800' } },
    { types: ['deleted'], style: { color: '#82071e' } },
  ],
};

/** Dark theme, background #1e1e1e. */
export const darkCodeTheme: PrismTheme = {
  plain: { color: '#d4d4d4', backgroundColor: '#1e1e1e' },
  styles: [
    {
      types: ['comment', 'prolog', 'doctype', 'cdata'],
      style: { color: '#8fbf7a', fontStyle: 'italic' },
    },
    { types: ['punctuation', 'operator'], style: { color: '#d4d4d4' } },
    {
      types: ['keyword', 'builtin', 'changed', 'important', 'atrule'],
      style: { color: '#79b8ff' },
    },
    {
      types: ['string', 'char', 'attr-value', 'regex', 'inserted', 'url'],
      style: { color: '#e0a98c' },
    },
    { types: ['number', 'boolean', 'constant', 'symbol'], style: { color: '#b5cea8' } },
    { types: ['property', 'attr-name', 'tag', 'selector'], style: { color: '#9cdcfe' } },
    { types: ['function', 'class-name'], style: { color: '#dcdcaa' } },
    { types: ['variable', 'parameter'], style: { color: '#f0a070' } },
    { types: ['deleted'], style: { color: '#f48771' } },
  ],
};

/** Prism grammars added to prism-react-renderer's set (themeConfig.prism and the build). */
export const additionalLanguages = ['bash', 'json', 'java', 'go', 'python', 'csv'];
