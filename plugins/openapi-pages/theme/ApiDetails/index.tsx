/**
 * A native `<details>` for the generated API pages (schema children, responses per status).
 * It is not the theme's Details (which MDX maps `details` to): that one animates through React
 * state, so it could not be opened by the "expand all" control, and it is styled as an
 * admonition. This one works without JavaScript and is in the static HTML, open or not.
 */
import React, { type ReactNode } from 'react';

/** Props: `summary` is the text of the `<summary>`; `status` an HTTP status shown as a badge. */
export interface Props {
  summary: string;
  /** HTTP status code or range (`201`, `4XX`, `default`); coloured by its class. */
  status?: string;
  /** Extra text after the summary, e.g. the error codes of a response. */
  note?: string;
  open?: boolean;
  className?: string;
  children?: ReactNode;
}

/** Class of a status badge: `2xx` … `5xx`, or `other` for `default`. */
function statusClass(status: string): string {
  return /^[1-5]/.test(status) ? `${status[0]}xx` : 'other';
}

export default function ApiDetails({
  summary,
  status,
  note,
  open,
  className,
  children,
}: Props): ReactNode {
  return (
    <details className={['api-details', className].filter(Boolean).join(' ')} open={open}>
      <summary>
        {status && (
          <span className={`api-status api-status--${statusClass(status)}`}>{status}</span>
        )}
        <span className="api-details__summary">{summary}</span>
        {note && <span className="api-details__note">{note}</span>}
      </summary>
      <div className="api-details__body">{children}</div>
    </details>
  );
}
