/**
 * Wrapped `@theme/CodeBlock/Content/String`: hands the block's build-time tokens
 * (`data-tokens`, plugins/static-highlight) to `@theme/CodeBlock/Content` through context.
 * Rendering is upstream's. It wraps `@theme-init/…`, theme-classic's component: from a
 * plugin's own theme folder, `@theme-original/…` would resolve to this file again.
 */
import React, { type ReactNode } from 'react';
import String from '@theme-init/CodeBlock/Content/String';
import type StringType from '@theme/CodeBlock/Content/String';
import type { WrapperProps } from '@docusaurus/types';
import { CodeTokensContext } from './tokensContext';

type Props = WrapperProps<typeof StringType> & { 'data-tokens'?: string };

/** Same props as upstream (`children` code string, `className`, `metastring`, …). */
export default function StringWrapper(props: Props): ReactNode {
  return (
    <CodeTokensContext.Provider value={props['data-tokens']}>
      <String {...props} />
    </CodeTokensContext.Provider>
  );
}
