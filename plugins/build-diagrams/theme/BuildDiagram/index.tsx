/**
 * A diagram drawn at build time (plugins/build-diagrams). The server renders an empty canvas
 * sized by the drawing's aspect ratio; postBuild writes the SVG into it in the HTML, and React
 * leaves that markup alone (`dangerouslySetInnerHTML` with an empty string is not compared
 * during hydration). When the page is reached by client-side navigation the canvas is empty,
 * so the drawing is fetched from `diagrams/<id>.json`.
 *
 * The figure carries `docusaurus-mermaid-container`, a pan/zoom target of the specification
 * (§9 "Diagram zoom helper"); the canvas is what pan/zoom moves (`data-panzoom-target`).
 */
import React, { useEffect, useRef, type ReactNode } from 'react';
import clsx from 'clsx';
import useBaseUrl from '@docusaurus/useBaseUrl';
import styles from './styles.module.css';

/** Props written by the remark plugin: the diagram id and its size in CSS px (as strings). */
export interface Props {
  id: string;
  width: string;
  height: string;
}

/** Text shown when a drawing cannot be fetched after client-side navigation. */
export const LOAD_FAILED = 'This diagram could not be loaded. Reload the page to see it.';

/** The diagram; see the module comment. */
export default function BuildDiagram({ id, width, height }: Props): ReactNode {
  const canvas = useRef<HTMLDivElement>(null);
  const url = useBaseUrl(`/diagrams/${id}.json`);
  useEffect(() => {
    const element = canvas.current;
    // Filled in the served HTML: nothing to do.
    if (!element || element.childElementCount > 0) return undefined;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json() as Promise<{ html: string }>;
      })
      .then(({ html }) => {
        element.innerHTML = html;
      })
      .catch(() => {
        if (!controller.signal.aborted) element.textContent = LOAD_FAILED;
      });
    return () => controller.abort();
  }, [url]);
  return (
    <figure
      className={clsx('docusaurus-mermaid-container', 'search-exclude', styles.figure)}
      style={{ maxWidth: `${width}px` }}>
      <div
        ref={canvas}
        className={styles.canvas}
        data-diagram={id}
        data-panzoom-target=""
        style={{ aspectRatio: `${width} / ${height}` }}
        // Empty on purpose: the SVG is written into the HTML after the build (see above).
        dangerouslySetInnerHTML={{ __html: '' }}
      />
    </figure>
  );
}
