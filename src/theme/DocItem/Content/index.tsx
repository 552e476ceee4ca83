/**
 * Wraps the doc content (no ejection) to put the Markdown actions ("Copy page as Markdown",
 * "View as Markdown") above every doc page.
 */
import React, { type ReactNode } from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import CopyMarkdown from '@site/src/components/CopyMarkdown';

type Props = WrapperProps<typeof ContentType>;

/** The Markdown actions, then the theme's doc content. */
export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <CopyMarkdown />
      <Content {...props} />
    </>
  );
}
