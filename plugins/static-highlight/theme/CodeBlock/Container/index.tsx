/**
 * Ejected from @docusaurus/theme-classic 3.10.2, lib/theme/CodeBlock/Container/index.js.
 *
 * Upstream sets the Prism theme's `--prism-color` and `--prism-background-color` as an inline
 * style from the current colour mode, which differs between the server's render and a reader
 * in dark mode. Those variables now come from CSS per colour mode
 * (plugins/static-highlight/themeCss.ts), so the container renders the same markup everywhere.
 * Changes are marked `// CUSTOM`.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
// Upstream's stylesheet, not a copy: an upgrade brings its fixes (tests/unit/ejected-theme.test.ts).
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Container/styles.module.css';

/** The block's outer element, rendered `as` a `div` or a `pre`, with theme-classic's classes. */
export default function CodeBlockContainer<T extends 'div' | 'pre'>({
  as: As,
  ...props
}: {as: T} & ComponentProps<T>): ReactNode {
  const Element = As as React.ElementType;
  // CUSTOM: no inline `style` with the Prism theme's CSS variables.
  return (
    <Element
      {...props}
      className={clsx(
        props.className,
        styles.codeBlockContainer,
        ThemeClassNames.common.codeBlock,
      )}
    />
  );
}
