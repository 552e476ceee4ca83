/**
 * Ejected from @docusaurus/theme-classic 3.10.2, lib/theme/CodeBlock/index.js.
 *
 * Upstream renders every code block twice in the browser: it keys the block on
 * `useIsBrowser()`, so after hydration each block is unmounted and mounted again, because its
 * Prism theme colours were inline styles that hydration does not update when the reader's
 * colour mode differs from the server's. Here the colours are CSS per colour mode
 * (plugins/static-highlight/themeCss.ts) and the markup does not depend on the mode, so the
 * key, and the second render of every block (about 2,700 token elements on an API page) in
 * one long task after hydration, are gone. Changes are marked `// CUSTOM`.
 */
import React, {isValidElement, type ReactNode} from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';

/**
 * Best attempt to make the children a plain string so that the block can be copied; children
 * that hold React elements are returned as they are.
 */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) {
    return children;
  }
  return Array.isArray(children) ? children.join('') : children;
}

/** A code block: `children` is the code (a string) or, rarely, React elements. */
export default function CodeBlock({
  children: rawChildren,
  ...props
}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  // CUSTOM: no `key={String(isBrowser)}` remount (see the module comment).
  return typeof children === 'string' ? (
    <StringContent {...props}>{children}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
