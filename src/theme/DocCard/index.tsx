/**
 * Wrapped `@theme/DocCard`: a doc link's description comes from the descriptions file that
 * plugins/lean-docs-metadata writes, not from the version's doc map (which that plugin drops
 * from every doc page's payload). Categories and external links pass through unchanged.
 */
import React, { type ReactNode } from 'react';
import DocCard from '@theme-original/DocCard';
import type DocCardType from '@theme/DocCard';
import type { WrapperProps } from '@docusaurus/types';
// Written by plugins/lean-docs-metadata for the default (only) docs instance.
import descriptions from '@generated/docusaurus-plugin-content-docs/default/doc-descriptions.json';

type Props = WrapperProps<typeof DocCardType>;

/** Same props as the original card: `{item}`, a sidebar item of kind link or category. */
export default function DocCardWrapper({ item }: Props): ReactNode {
  if (item.type !== 'link' || !item.docId) return <DocCard item={item} />;
  const description = item.description ?? descriptions[item.docId];
  return <DocCard item={{ ...item, docId: undefined, description }} />;
}
