/**
 * `<CatalogFileChecker />`: checks an inventory file in the reader's browser before they send
 * it (Catalog issue: encoding, delimiter, header, missing and unknown columns, per-row type and
 * allowed-value errors with line numbers, file-name rules). The file never leaves the browser:
 * a Web Worker (checker.worker.ts) parses it with Papa Parse against the column registry.
 */
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import type { CheckReport } from '@site/src/catalog/fileChecker';
import { emptyReport, isClean } from '@site/src/catalog/fileChecker';
import ScrollableTable from '@site/src/components/ScrollableTable';
import styles from './styles.module.css';

/** Row problems shown in the table; the report counts the rest. */
const SHOWN_ERRORS = 100;

type State =
  | { kind: 'idle' }
  | { kind: 'checking'; name: string; percent: number }
  | { kind: 'done'; report: CheckReport; seconds: number };

function size(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

function list(items: string[]): ReactNode {
  return items.map((item, i) => (
    <span key={item}>
      {i > 0 && ', '}
      <code>{item}</code>
    </span>
  ));
}

/** One line of the summary: a pass/fail mark, a label and the finding. */
function Finding({ ok, label, children }: { ok: boolean; label: string; children: ReactNode }) {
  return (
    <li className={clsx(styles.finding, ok ? styles.ok : styles.problem)}>
      <span className={styles.mark} aria-hidden="true">
        {ok ? '✓' : '✗'}
      </span>
      <span className="sr-only">{ok ? 'Passed: ' : 'Problem: '}</span>
      <strong>{label}:</strong> {children}
    </li>
  );
}

function Report({ report, seconds }: { report: CheckReport; seconds: number }) {
  const clean = isClean(report);
  return (
    <section className={styles.report} aria-labelledby="catalog-check-report">
      <h3 id="catalog-check-report">
        {clean ? 'Ready to send: ' : 'To fix before sending: '}
        <code>{report.fileName}</code>
      </h3>
      <p>
        {size(report.bytes)}, {report.rows.toLocaleString('en-US')} items checked in{' '}
        {seconds.toFixed(1)} s.
      </p>
      <ul className={styles.findings}>
        {report.fatal && (
          <Finding ok={false} label="File">
            {report.fatal}
          </Finding>
        )}
        <Finding ok={report.fileNameProblems.length === 0} label="File name">
          {report.fileNameProblems.length
            ? report.fileNameProblems.join('; ')
            : 'follows the rules'}
        </Finding>
        <Finding ok={report.encoding.startsWith('UTF-8')} label="Encoding">
          {report.encoding}
        </Finding>
        {report.delimiter && (
          <Finding
            ok={report.delimiter === 'comma' || report.delimiter === 'tab'}
            label="Delimiter"
          >
            {report.delimiter}
          </Finding>
        )}
        {report.header.length > 0 && (
          <>
            <Finding ok={report.missingRequired.length === 0} label="Required columns">
              {report.missingRequired.length ? (
                <>missing {list(report.missingRequired)}</>
              ) : (
                'all present'
              )}
            </Finding>
            <Finding ok={report.unknownColumns.length === 0} label="Unknown columns">
              {report.unknownColumns.length ? (
                <>{list(report.unknownColumns)} (ignored by Aisle; check the spelling)</>
              ) : (
                'none'
              )}
            </Finding>
            {report.duplicateColumns.length > 0 && (
              <Finding ok={false} label="Repeated columns">
                {list(report.duplicateColumns)}
              </Finding>
            )}
            <Finding ok={report.errorCount === 0} label="Values">
              {report.errorCount === 0
                ? 'every value is valid'
                : `${report.errorCount.toLocaleString('en-US')} problems in ${Object.keys(report.errorsByColumn).length} columns`}
            </Finding>
          </>
        )}
      </ul>
      {report.errors.length > 0 && (
        <ScrollableTable label="Problems by line">
          <caption>
            {report.errorCount > SHOWN_ERRORS
              ? `The first ${SHOWN_ERRORS} of ${report.errorCount.toLocaleString('en-US')} problems`
              : 'Problems'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Column</th>
              <th scope="col">Value</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {report.errors.slice(0, SHOWN_ERRORS).map((e, i) => (
              <tr key={i}>
                <td>{e.line}</td>
                <td>
                  <code>{e.column}</code>
                </td>
                <td>{e.value ? <code>{e.value}</code> : <em>empty</em>}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </ScrollableTable>
      )}
    </section>
  );
}

/** The checker; see the module comment. */
export default function CatalogFileChecker(): ReactNode {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const worker = useRef<Worker | null>(null);
  useEffect(() => () => worker.current?.terminate(), []);

  const check = (file: File | undefined) => {
    if (!file) return;
    worker.current?.terminate();
    const started = performance.now();
    const w = new Worker(new URL('./checker.worker.ts', import.meta.url));
    worker.current = w;
    setState({ kind: 'checking', name: file.name, percent: 0 });
    w.onmessage = (event: MessageEvent) => {
      const message = event.data as
        | { type: 'progress'; read: number; total: number }
        | { type: 'done'; report: CheckReport };
      if (message.type === 'progress') {
        const percent = Math.min(99, Math.round((message.read / Math.max(1, message.total)) * 100));
        setState({ kind: 'checking', name: file.name, percent });
      } else {
        setState({
          kind: 'done',
          report: message.report,
          seconds: (performance.now() - started) / 1000,
        });
        w.terminate();
      }
    };
    w.onerror = (event) => {
      event.preventDefault();
      setState({
        kind: 'done',
        seconds: (performance.now() - started) / 1000,
        report: emptyReport(
          file.name,
          file.size,
          `The checker stopped: ${event.message || 'unknown error'}. Reload the page and try again.`,
        ),
      });
    };
    w.postMessage({ file });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    check(event.dataTransfer.files[0]);
  };

  return (
    <div className={styles.checker}>
      <noscript>
        <p>
          The file checker runs in your browser and needs JavaScript. Without it, check your file
          against the column and format rules on this page.
        </p>
      </noscript>
      <div
        className={clsx(styles.drop, dragging && styles.dragging)}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor="catalog-file-input" className={styles.label}>
          Choose a CSV or TSV inventory file
        </label>
        <input
          id="catalog-file-input"
          type="file"
          accept=".csv,.tsv,text/csv,text/tab-separated-values"
          onChange={(e) => {
            check(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <p className={styles.hint}>
          or drop it here. The file stays in your browser: nothing is uploaded.
        </p>
      </div>
      <div role="status" aria-live="polite" className={styles.status}>
        {state.kind === 'checking' && (
          <>
            Checking <code>{state.name}</code>… {state.percent}%
            <progress max={100} value={state.percent} aria-label="Progress of the check" />
          </>
        )}
      </div>
      {state.kind === 'done' && <Report report={state.report} seconds={state.seconds} />}
    </div>
  );
}
