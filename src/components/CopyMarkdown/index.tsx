/**
 * "Copy page as Markdown" and "View as Markdown" for the current doc page: both use the
 * page's Markdown twin at `<path>.md`, written by the build (docusaurus-plugin-llms, cleaned by
 * plugins/markdown-twins). The result of a copy is announced in a live region.
 */
import React, { useState, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import styles from './styles.module.css';

/** URL of the Markdown twin of a page path (`/connect` → `/connect.md`). */
export function twinUrl(pathname: string): string {
  return `${pathname.replace(/\/$/, '')}.md`;
}

/** The two actions; see the module comment. */
export default function CopyMarkdown(): ReactNode {
  const { pathname } = useLocation();
  const [status, setStatus] = useState('');
  const url = twinUrl(pathname);

  const copy = async () => {
    // `docusaurus start` has no twins (the build writes them) and answers their URL with the
    // app's HTML, so the preview says so instead of copying that. A statement the production
    // bundle drops whole: the built page is unchanged (design/performance.md, "Writers' preview").
    if (process.env.NODE_ENV !== 'production') {
      setStatus(
        'Could not copy the page: Markdown twins are written by "npm run build"; this preview has none.',
      );
      return;
    }
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await navigator.clipboard.writeText(await response.text());
      setStatus('Copied the page as Markdown.');
    } catch (error) {
      setStatus(`Could not copy the page: ${(error as Error).message}.`);
    }
  };

  return (
    <div className={styles.actions}>
      <button type="button" className="button button--sm button--secondary" onClick={copy}>
        Copy page as Markdown
      </button>
      <a className={styles.link} href={url}>
        View as Markdown
      </a>
      <span className={styles.status} role="status">
        {status}
      </span>
    </div>
  );
}
