/**
 * The Try it button of an operation page (plugins/openapi-pages puts it in the samples pane).
 * The static HTML has only the button; the panel (./Panel, the sandbox twin and msw) is a
 * separate chunk fetched on hover or focus (prefetch) and shown on click, so a page whose panel
 * is never opened loads none of it (design/try-it.md). Left out of the Markdown twins
 * (`data-markdown-twin="omit"`): it is an in-browser tool.
 */
import React, { type ComponentType, type ReactNode, useId, useState } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { PanelProps } from './Panel';

/** Props: the definition's file name (`fulfillment`) and the operation's `operationId`. */
export interface Props {
  api: string;
  operationId: string;
}

let panel: Promise<ComponentType<PanelProps>> | undefined;

/** The panel chunk, fetched once per page load; a failed fetch may be retried. */
function loadPanel(): Promise<ComponentType<PanelProps>> {
  panel ??= import(/* webpackChunkName: "try-it-panel" */ './Panel').then(
    (m) => m.default,
    (error: unknown) => {
      panel = undefined;
      throw error;
    },
  );
  return panel;
}

function prefetch(): void {
  loadPanel().catch(() => undefined);
}

export default function TryIt({ api, operationId }: Props): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<ComponentType<PanelProps>>();
  const [failure, setFailure] = useState<string>();
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && !Panel) {
      setFailure(undefined);
      loadPanel().then(
        (component) => setPanel(() => component),
        () =>
          setFailure('The Try it panel could not be loaded. Check your connection and try again.'),
      );
    }
  };
  const realHosts = siteConfig.customFields?.tryItRealHosts === true;
  return (
    // data-operation names the operation (`<api>/<operationId>`), for tools that read the page.
    <div className="try-it" data-markdown-twin="omit" data-operation={`${api}/${operationId}`}>
      <button
        type="button"
        className="button button--sm button--primary try-it__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={toggle}
        onMouseEnter={prefetch}
        onFocus={prefetch}
      >
        Try it
      </button>
      <div id={id} hidden={!open}>
        {Panel ? (
          <Panel
            api={api}
            operationId={operationId}
            baseUrl={siteConfig.baseUrl}
            realHosts={realHosts}
          />
        ) : open ? (
          <p className="try-it__loading" role={failure ? 'alert' : 'status'}>
            {failure ?? 'Loading the Try it panel…'}
          </p>
        ) : null}
      </div>
    </div>
  );
}
