/**
 * "Expand all" for the collapsible parts of an API page (every `details.api-details` in the
 * page's `.api-page`). It does nothing without JavaScript, so it renders only once hydrated;
 * the `<details>` themselves open by hand without it.
 */
import React, { type ReactNode, useRef, useState } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';

/** Props: the two labels of the button (site wording). */
export interface Props {
  expand: string;
  collapse: string;
}

export default function ApiExpandAll({ expand, collapse }: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const [expanded, setExpanded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!isBrowser) return null;
  const toggle = () => {
    const page = button.current?.closest('.api-page') ?? document;
    const next = !expanded;
    for (const details of page.querySelectorAll<HTMLDetailsElement>('details.api-details'))
      details.open = next;
    setExpanded(next);
  };
  return (
    <button ref={button} type="button" className="api-expand-all" onClick={toggle}>
      {expanded ? collapse : expand}
    </button>
  );
}
