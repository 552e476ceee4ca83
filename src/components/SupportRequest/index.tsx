/**
 * Support request composer for /support/request_technical_support. Everything happens in the
 * browser: the reader fills in the fields, sees the request text, copies it, or opens a new
 * request in the Platform Portal with the fields in the URL (no data is sent by this site).
 * A `q` query parameter (from the search's "Let us know." link) is shown as the reader's
 * search and added to the request; it is rendered as text, never as HTML.
 */
import React, { useMemo, useState, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import styles from './styles.module.css';

/** Where new requests are opened (Platform Portal, CONTRIBUTING.md "Hosts"). */
export const PORTAL_NEW_REQUEST_URL = 'https://portal.aisle.example/support/requests/new';
/** Longest search query carried over, in characters (spec §5: the modal's maximum). */
export const MAX_QUERY_LENGTH = 512;

const PRODUCTS = [
  'Catalog',
  'Discounting Platform',
  'Storefront',
  'Connect APIs',
  'FoodStorm',
  'Shopping Widgets',
  'Developer Platform API',
  'Aisle Ads',
  'Documentation',
];
const SEVERITIES = [
  ['Sev 1', 'Storefront or ordering is down'],
  ['Sev 2', 'A major feature is impaired'],
  ['Sev 3', 'A minor feature is impaired'],
  ['Sev 4', 'A question'],
] as const;

/** Builds the request text from the fields (plain text, one field per line). */
export function requestText(f: {
  severity: string;
  product: string;
  environment: string;
  summary: string;
  details: string;
  query: string;
}): string {
  return [
    `Severity: ${f.severity}`,
    `Product: ${f.product}, ${f.environment}`,
    `Summary: ${f.summary}`,
    ...(f.query ? [`Searched the docs for: ${f.query}`] : []),
    '',
    f.details,
  ].join('\n');
}

/** The composer; see the module comment. */
export default function SupportRequest(): ReactNode {
  const { search } = useLocation();
  // The page is pre-rendered without a query: reading it only once hydrated keeps the first
  // browser render equal to the server's (React error #418 otherwise).
  const isBrowser = useIsBrowser();
  const query = isBrowser
    ? (new URLSearchParams(search).get('q') ?? '').slice(0, MAX_QUERY_LENGTH).trim()
    : '';
  // Defaults follow the query until the reader picks a value.
  const [severityChoice, setSeverity] = useState<string | null>(null);
  const [productChoice, setProduct] = useState<string | null>(null);
  const severity = severityChoice ?? (query ? 'Sev 4' : 'Sev 3');
  const product = productChoice ?? (query ? 'Documentation' : 'Connect APIs');
  const [environment, setEnvironment] = useState('production');
  const [summary, setSummary] = useState('');
  const [details, setDetails] = useState('');
  const [copied, setCopied] = useState('');

  const effectiveSummary = summary || (query ? `No documentation found for "${query}"` : '');
  const text = requestText({
    severity,
    product,
    environment,
    summary: effectiveSummary,
    details,
    query,
  });
  const portalUrl = useMemo(() => {
    const params = new URLSearchParams({
      severity,
      product,
      environment,
      summary: effectiveSummary,
      description: text.slice(0, 1500),
    });
    return `${PORTAL_NEW_REQUEST_URL}?${params.toString()}`;
  }, [severity, product, environment, effectiveSummary, text]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('The request text is on your clipboard.');
    } catch {
      setCopied('Your browser did not allow copying; select the text above instead.');
    }
  };

  return (
    // An in-browser tool: the page's Markdown twin has the page's text without it.
    <div className={styles.composer} data-markdown-twin="omit">
      {query && (
        <p className={styles.query} data-testid="support-search-query">
          You searched the documentation for <q>{query}</q>. It is included in your request so that
          we can add what was missing.
        </p>
      )}
      <form onSubmit={(e) => e.preventDefault()} className={styles.form}>
        <fieldset>
          <legend>Severity</legend>
          {SEVERITIES.map(([value, meaning]) => (
            <label key={value} className={styles.radio}>
              <input
                type="radio"
                name="severity"
                value={value}
                checked={severity === value}
                onChange={() => setSeverity(value)}
              />
              {value}: {meaning}
            </label>
          ))}
        </fieldset>
        <label>
          Product
          <select value={product} onChange={(e) => setProduct(e.target.value)}>
            {PRODUCTS.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <label>
          Environment
          <select value={environment} onChange={(e) => setEnvironment(e.target.value)}>
            <option value="production">Production</option>
            <option value="sandbox">Sandbox</option>
          </select>
        </label>
        <label>
          Summary
          <input
            type="text"
            maxLength={200}
            value={summary}
            placeholder={effectiveSummary || 'One line: what is wrong and where'}
            onChange={(e) => setSummary(e.target.value)}
          />
        </label>
        <label>
          Details: steps, X-Request-Id values, timestamps in UTC, identifiers, impact
          <textarea rows={6} value={details} onChange={(e) => setDetails(e.target.value)} />
        </label>
      </form>
      <h3 className={styles.previewTitle}>Your request</h3>
      <pre className={styles.preview} aria-label="Request text">
        {text}
      </pre>
      <div className={styles.actions}>
        <button type="button" className="button button--secondary" onClick={copy}>
          Copy request text
        </button>
        <a className="button button--primary" href={portalUrl}>
          Open the request in the Platform Portal
        </a>
        <span role="status">{copied}</span>
      </div>
    </div>
  );
}
