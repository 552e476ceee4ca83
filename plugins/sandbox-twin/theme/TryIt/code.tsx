/**
 * A code block of the Try it panel: JSON in the site's code colours (plugins/static-highlight's
 * CSS) without Prism, or plain text. Shared by the panel and its second chunk.
 */
import React, { type ReactNode } from 'react';
import { jsonTokens } from './json-tokens';

/** Longest body drawn with token colours; a longer one is shown plain (no long task). */
const HIGHLIGHT_MAX_CHARS = 100_000;

/** JSON with the site's code colours (plugins/static-highlight CSS), or plain text. */
export function Code({
  text,
  json,
  label,
}: {
  text: string;
  json: boolean;
  label: string;
}): ReactNode {
  const tokens = json && text.length <= HIGHLIGHT_MAX_CHARS ? jsonTokens(text) : undefined;
  return (
    // A scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
    <pre className="prism-code language-json try-it__code" tabIndex={0} aria-label={label}>
      <code>
        {tokens
          ? tokens.map((t, i) =>
              t.type ? (
                <span key={i} className={`token ${t.type}`}>
                  {t.text}
                </span>
              ) : (
                t.text
              ),
            )
          : text}
      </code>
    </pre>
  );
}

/** `2xx`… for the API pages' status badge colours, `other` outside 100–599. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}
