import { describe, expect, it } from 'vitest';
import type { Root } from 'mdast';
import remarkAzIndex, { firstIdPerLetter } from '../../plugins/az-index/remark';

describe('az-index (plugins/az-index)', () => {
  it('links each letter to its first term, folding accents and skipping symbols', () => {
    const first = firstIdPerLetter([
      { text: 'Accept-Language', id: 'accept-language' },
      { text: 'Access token', id: 'access-token' },
      { text: 'Élan', id: 'élan' },
      { text: '2FA', id: '2fa' },
      { text: 'eBT', id: 'ebt' },
    ]);
    expect([...first]).toEqual([
      ['A', 'accept-language'],
      ['E', 'élan'],
      ['F', '2fa'],
    ]);
  });

  it('puts the bar before the first heading of the listed files only', () => {
    const tree = (): Root => ({
      type: 'root',
      children: [
        { type: 'paragraph', children: [{ type: 'text', value: 'Intro' }] },
        {
          type: 'heading',
          depth: 3,
          data: { id: 'basket' } as never,
          children: [{ type: 'text', value: 'Basket' }],
        },
      ],
    });
    const plugin = remarkAzIndex({ files: ['glossary/index.mdx'], label: 'Glossary A–Z' });
    const glossary = tree();
    plugin(glossary, { path: '/site/docs/glossary/index.mdx' });
    const nav = glossary.children[1] as unknown as {
      name: string;
      children: { children: { type: string; url?: string }[] }[];
    };
    expect(nav.name).toBe('nav');
    const letters = nav.children[0].children;
    expect(letters).toHaveLength(26);
    expect(letters[1]).toMatchObject({ type: 'link', url: '#basket' });
    expect(letters[0].type).toBe('mdxJsxTextElement');
    const other = tree();
    plugin(other, { path: '/site/docs/catalog/index.mdx' });
    expect(other.children).toHaveLength(2);
  });
});
