/**
 * One field (parameter or schema property) of a generated API page. The generator writes a field
 * as one `<ApiField>` around its blocks instead of the four `<div>`s this renders: a JSX element
 * costs the MDX compiler far more than the Markdown inside it, and the wrappers were most of the
 * API pages' compile time (design/performance.md, "Fields as one element"). The markup is the
 * same as the generator wrote before, so the static HTML, the styles, the search extraction and
 * the Markdown twins (which drop the tag and keep its blocks) do not change.
 */
import React, { Children, type ReactNode } from 'react';

/**
 * Props: how many of `children` each part of the field takes, in this order (counts as text,
 * `"2"`): the head's elements (name, type, required, deprecated: MDX passes a paragraph of
 * inline JSX elements as those elements), the tokens' elements, the description's blocks, the
 * note's paragraph when `note`; the rest (the nested fields) follow the parts.
 */
export interface Props {
  head: string;
  tokens?: string;
  description?: string;
  note?: boolean;
  children?: ReactNode;
}

/** A count prop as a number; 0 when absent. */
function count(name: string, value: string | undefined): number {
  const n = value === undefined ? 0 : Number(value);
  if (!Number.isInteger(n) || n < 0) {
    throw new Error(`ApiField: ${name} must be a count of children, got "${value}"`);
  }
  return n;
}

/**
 * The field's `div.api-field`, its head, tokens, description and note each in the `div` the
 * stylesheet (api-reference.css) expects.
 * @throws Error when a count is not a whole number (a generator fault: the page would show
 *   its parts in the wrong places).
 */
export default function ApiField({ head, tokens, description, note, children }: Props): ReactNode {
  const items = Children.toArray(children);
  let next = 0;
  const take = (n: number) => items.slice(next, (next += n));
  const headItems = take(count('head', head));
  const tokenItems = take(count('tokens', tokens));
  const descriptionItems = take(count('description', description));
  const noteItems = take(note ? 1 : 0);
  return (
    <div className="api-field">
      <div className="api-field__head">{headItems}</div>
      {tokenItems.length > 0 && <div className="api-field__tokens">{tokenItems}</div>}
      {descriptionItems.length > 0 && (
        <div className="api-field__description">{descriptionItems}</div>
      )}
      {noteItems.length > 0 && <div className="api-field__note">{noteItems}</div>}
      {items.slice(next)}
    </div>
  );
}
