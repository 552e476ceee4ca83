/**
 * `<CatalogFileChecker />`: checks an inventory file in the reader's browser before they send
 * it: gzip compression and the size limit, encoding, delimiter, header, missing and unknown
 * columns, per-row type and allowed-value errors with line numbers, file-name rules (one store
 * or several), formula-like values. The file never
 * leaves the browser: a Web Worker (checker.worker.ts) reads it against the column registry.
 *
 * The reader drops a file on the drop zone or picks one with its button. The button is the
 * label of the native file input, which stays in the page visually hidden but focusable: it is
 * the one keyboard stop, opens the file dialog with Enter or Space, is announced with its
 * label, and draws its focus ring on the visible button.
 *
 * The report opens with a summary in reading order (src/catalog/fileChecker.ts `summarize`):
 * the root cause first, with the problems it causes grouped under it, then the rest. Every list
 * is capped in the worker, so rendering stays one short main-thread task on any file.
 */
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import type { CheckReport, RowError, SummaryItem } from '@site/src/catalog/fileChecker';
import {
  andMore,
  emptyReport,
  formatCount,
  isClean,
  plural,
  summarize,
} from '@site/src/catalog/fileChecker';
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

/** Names as code, comma-separated, with "and N more" when the list was capped. */
function list(items: string[], total = items.length): ReactNode {
  const more = andMore(items.length, total);
  return (
    <>
      {items.map((item, i) => (
        <span key={`${i}-${item}`}>
          {i > 0 && ', '}
          <code>{item || '(empty)'}</code>
        </span>
      ))}
      {more && ` ${more}`}
    </>
  );
}

/** A value as shown in a table: line breaks made visible, cut like the report cuts it. */
function shownValue(value: string): ReactNode {
  return value ? <code>{value.replace(/\r\n|\r|\n/g, ' ↵ ')}</code> : <em>empty</em>;
}

/** One line of the checklist: a pass, fail or warning mark, a label and the finding. */
function Finding({
  ok,
  warning = false,
  label,
  children,
}: {
  ok: boolean;
  /** A finding Aisle accepts but the reader should look at (shown with "!"). */
  warning?: boolean;
  label: string;
  children: ReactNode;
}) {
  const kind = ok ? 'ok' : warning ? 'warn' : 'problem';
  return (
    <li className={clsx(styles.finding, styles[kind])}>
      <span className={styles.mark} aria-hidden="true">
        {ok ? '✓' : warning ? '!' : '✗'}
      </span>
      <span className="sr-only">{ok ? 'Passed: ' : warning ? 'Warning: ' : 'Problem: '}</span>
      <strong>{label}:</strong> {children}
    </li>
  );
}

const SEVERITY_LABEL: Record<SummaryItem['severity'], string> = {
  fatal: 'Cannot be read',
  error: 'Problem',
  warning: 'Warning',
};

/** One item of the summary; the first root cause is marked "Fix this first". */
function SummaryLine({ item, first }: { item: SummaryItem; first: boolean }) {
  const root = first && item.rootCause;
  return (
    <li className={clsx(styles.item, styles[item.severity], root && styles.root)}>
      <div className={styles.itemHead}>
        <span className={styles.tag}>
          {root ? 'Fix this first' : SEVERITY_LABEL[item.severity]}
        </span>
        {(item.line !== undefined || item.column) && (
          <span className={styles.where}>
            {item.line !== undefined && `Line ${formatCount(item.line)}`}
            {item.line !== undefined && item.column && ', '}
            {item.column && <code>{item.column}</code>}
          </span>
        )}
      </div>
      <p className={styles.message}>{item.message}</p>
      {item.items && item.items.length > 0 && (
        <p className={styles.names}>{list(item.items, item.total)}</p>
      )}
      {item.consequence && (
        <p className={styles.consequence}>
          <span className={styles.consequenceLabel}>Knock-on effect: </span>
          {item.consequence}
        </p>
      )}
    </li>
  );
}

/**
 * Body of a problems table. Called as a function, not as a component, so ScrollableTable sees
 * a real `<tbody>` (and `<thead>` below) among its children and can label the cells.
 */
function problemRows(errors: RowError[]): ReactNode {
  return (
    <tbody>
      {errors.map((e, i) => (
        <tr key={i}>
          <td>{formatCount(e.line)}</td>
          <td>
            <code>{e.column}</code>
          </td>
          <td className={styles.value}>{shownValue(e.value)}</td>
          <td>
            {e.message}
            {e.consequence && <span className={styles.cellConsequence}> {e.consequence}</span>}
          </td>
        </tr>
      ))}
    </tbody>
  );
}

function tableHead(last: string): ReactNode {
  return (
    <thead>
      <tr>
        <th scope="col">Line</th>
        <th scope="col">Column</th>
        <th scope="col">Value</th>
        <th scope="col">{last}</th>
      </tr>
    </thead>
  );
}

function Report({ report, seconds }: { report: CheckReport; seconds: number }) {
  const clean = isClean(report);
  const summary = summarize(report);
  const shownErrors = report.errors.slice(0, SHOWN_ERRORS);
  return (
    <section className={styles.report} aria-labelledby="catalog-check-report">
      <h3 id="catalog-check-report">
        {clean ? 'Ready to send: ' : 'To fix before sending: '}
        <code>{report.fileName}</code>
      </h3>
      <p className={styles.meta}>
        {size(report.bytes)}, {formatCount(report.rows)} items checked in {seconds.toFixed(1)} s.
      </p>
      {summary.length > 0 && (
        <>
          <h4 className={styles.subheading}>
            {clean ? 'Worth a look' : 'What to fix, most important first'}
          </h4>
          <ol className={styles.summary}>
            {summary.map((item, i) => (
              <SummaryLine key={i} item={item} first={i === 0} />
            ))}
          </ol>
        </>
      )}
      <h4 className={styles.subheading}>Checklist</h4>
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
        {report.compression && (
          <Finding ok label="Compression">
            {report.compression}
            {report.uncompressedBytes !== undefined &&
              `, ${size(report.uncompressedBytes)} of text read`}
          </Finding>
        )}
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
        {report.columnCount > 0 && (
          <>
            <Finding ok={report.missingRequired.length === 0} label="Required columns">
              {report.missingRequired.length ? (
                <>missing {list(report.missingRequired)}</>
              ) : (
                'all present'
              )}
            </Finding>
            <Finding ok={report.unknownColumnCount === 0} label="Unknown columns">
              {report.unknownColumnCount ? (
                <>
                  {list(report.unknownColumns, report.unknownColumnCount)} (ignored by Aisle; check
                  the spelling)
                </>
              ) : (
                'none'
              )}
            </Finding>
            {report.duplicateColumnCount > 0 && (
              <Finding ok={false} label="Repeated columns">
                {list(report.duplicateColumns, report.duplicateColumnCount)}
              </Finding>
            )}
            <Finding ok={report.errorCount === 0} label="Values">
              {report.errorCount === 0
                ? 'every value is valid'
                : `${plural(report.errorCount, 'problem')} in ${plural(Object.keys(report.errorsByColumn).length, 'column')}`}
              {report.knockOnCount > 0 &&
                `, plus ${formatCount(report.knockOnCount)} that follow from them (not listed)`}
            </Finding>
            <Finding ok={report.warningCount === 0} warning label="Formula-like values">
              {report.warningCount === 0 ? 'none' : formatCount(report.warningCount)}
            </Finding>
          </>
        )}
      </ul>
      {shownErrors.length > 0 && (
        <ScrollableTable label="Problems by line" className={styles.table}>
          <caption>
            {report.errorCount > shownErrors.length
              ? `The first ${shownErrors.length} of ${formatCount(report.errorCount)} problems, by line`
              : 'Problems, by line'}
          </caption>
          {tableHead('Problem')}
          {problemRows(shownErrors)}
        </ScrollableTable>
      )}
      {report.warnings.length > 0 && (
        <ScrollableTable label="Formula-like values" className={styles.table}>
          <caption>
            {report.warningCount > report.warnings.length
              ? `The first ${report.warnings.length} of ${formatCount(report.warningCount)} formula-like values`
              : 'Formula-like values'}
          </caption>
          {tableHead('Why it matters')}
          {problemRows(report.warnings)}
        </ScrollableTable>
      )}
    </section>
  );
}

/** Upload icon for the drop zone (decorative). */
function FileIcon() {
  return (
    <svg
      className={styles.icon}
      viewBox="0 0 24 24"
      width="40"
      height="40"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M12 17v-6M9.5 13.5 12 11l2.5 2.5"
      />
    </svg>
  );
}

/** Text for the live region once a check is done. */
function doneAnnouncement(report: CheckReport): string {
  if (isClean(report)) return `Check finished: ${report.fileName} is ready to send.`;
  const first = summarize(report)[0];
  return `Check finished: ${report.fileName} has problems to fix.${first ? ` First: ${first.message}` : ''}`;
}

/** The checker; see the module comment. */
export default function CatalogFileChecker(): ReactNode {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
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
        setState((s) =>
          s.kind === 'checking' && s.percent === percent
            ? s
            : { kind: 'checking', name: file.name, percent },
        );
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
          'The checker stopped before the end of the file. Reload the page and try again.',
        ),
      });
    };
    w.postMessage({ file });
  };

  const onDragEnter = (event: DragEvent) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    dragDepth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    dragDepth.current = 0;
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
        data-catalog-drop-zone=""
        data-dragging={dragging || undefined}
        onDragEnter={onDragEnter}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <FileIcon />
        <p className={styles.dropTitle}>Drop a CSV or TSV inventory file here, plain or gzip</p>
        <p className={styles.or}>or</p>
        <input
          id="catalog-file-input"
          className={clsx('sr-only', styles.input)}
          type="file"
          accept=".csv,.tsv,.gz,text/csv,text/tab-separated-values,application/gzip"
          aria-describedby="catalog-file-hint"
          onChange={(e) => {
            check(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <label htmlFor="catalog-file-input" className={styles.button}>
          Choose a file<span className="sr-only"> to check (CSV or TSV), plain or gzip</span>
        </label>
        <p id="catalog-file-hint" className={styles.hint}>
          The file stays in your browser: nothing is uploaded.
        </p>
      </div>
      <div role="status" aria-live="polite" className={styles.status}>
        {state.kind === 'checking' && (
          <>
            Checking <code>{state.name}</code>… {state.percent}%
            <progress max={100} value={state.percent} aria-label="Progress of the check" />
          </>
        )}
        {state.kind === 'done' && <span className="sr-only">{doneAnnouncement(state.report)}</span>}
      </div>
      {state.kind === 'done' && <Report report={state.report} seconds={state.seconds} />}
    </div>
  );
}
