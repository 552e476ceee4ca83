/**
 * A flow page's runner (design/try-it.md, "Run the whole flow"): `<RunFlow>` holds the steps,
 * each `<FlowStep>` shows the guide's text for one call beside a Run button and, once run, the
 * request sent and the answer, from the page's sandbox twin (the same twin as Try it). A step
 * reads what earlier steps gave through its `parameters` and `replacements` (Arazzo runtime
 * expressions: `$steps.hold.outputs.hold_id`), and the flow's first step gets the token the
 * others send. The static HTML has the text and the buttons; the twin and the step runner are a
 * chunk loaded on the first Run. The runner is left out of the Markdown twins.
 */
import React, {
  Children,
  type ReactElement,
  type ReactNode,
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useState,
} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { FlowStepSpec, StepRun } from './run';
import './styles.css';

/** A step's run as the page keeps it: the run, or why it did not run. */
type Outcome = StepRun | { failure: string };

interface FlowState {
  outcomes: Record<string, Outcome>;
  busy?: string;
  /** Runs step `index` (0-based) of the flow. */
  run(index: number, spec: FlowStepSpec): void;
  /** The ids of the steps, in page order. */
  order: string[];
}

const FlowContext = createContext<FlowState | undefined>(undefined);

// In the Try it panel's chunk: one copy of the page twin and its runtime for both.
const loadRunner = () => import(/* webpackChunkName: "try-it-panel" */ './run');

/** Outputs of every step that succeeded, by step id. */
function outputsOf(outcomes: Record<string, Outcome>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [id, o] of Object.entries(outcomes)) if ('ok' in o && o.ok) out[id] = o.outputs;
  return out;
}

/** Props: the flow's steps (`<FlowStep>` elements) with the text between them. */
export default function RunFlow({ children }: { children: ReactNode }): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [busy, setBusy] = useState<string>();
  const [resetNote, setResetNote] = useState('');
  const steps = Children.toArray(children).filter(
    (c): c is ReactElement<FlowStepProps> => isValidElement(c) && c.type === FlowStep,
  );
  const order = steps.map((s) => s.props.id);
  const run = (index: number, spec: FlowStepSpec) => {
    setBusy(spec.id);
    loadRunner()
      .then((m) => m.runStep(spec, outputsOf(outcomes), siteConfig.baseUrl))
      .then(
        (result) => setOutcomes((o) => ({ ...o, [spec.id]: result })),
        (error: unknown) =>
          setOutcomes((o) => ({
            ...o,
            [spec.id]: {
              failure:
                error instanceof Error && error.message
                  ? error.message
                  : 'the step could not run; check your connection and try again',
            },
          })),
      )
      .finally(() => setBusy(undefined));
  };
  const reset = () => {
    setBusy('reset');
    loadRunner()
      .then((m) => m.resetSandbox(siteConfig.baseUrl))
      .then(
        () => {
          setOutcomes({});
          setResetNote('The sandbox is back to its example data. Start again from step 1.');
        },
        () => setResetNote('The sandbox could not be reset. Reload the page and try again.'),
      )
      .finally(() => setBusy(undefined));
  };
  let index = -1;
  return (
    <FlowContext.Provider value={{ outcomes, busy, run, order }}>
      <div className="run-flow">
        <div className="run-flow__bar" data-markdown-twin="omit">
          <p>
            Each step runs in the sandbox in your browser, with no account. Run them in order: each
            one uses what the steps before it returned.
          </p>
          <button
            type="button"
            className="button button--sm button--secondary"
            onClick={reset}
            disabled={busy !== undefined}
          >
            Reset sandbox
          </button>
          <p className="run-flow__note" role="status">
            {resetNote}
          </p>
        </div>
        {Children.map(children, (child) => {
          if (!isValidElement(child) || child.type !== FlowStep) return child;
          index += 1;
          return cloneElement(child as ReactElement<FlowStepProps>, { index });
        })}
      </div>
    </FlowContext.Provider>
  );
}

/**
 * Props of one step: its call (FlowStepSpec) and the guide's text as children, which open with
 * the step's heading (a Markdown heading, so the Markdown twin and the contents column have it).
 */
export interface FlowStepProps extends FlowStepSpec {
  children?: ReactNode;
  /** Set by RunFlow: the step's place in the flow (0-based). */
  index?: number;
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One step: the text, the Run button and, once run, the request and the answer. */
export function FlowStep({ children, index = 0, ...spec }: FlowStepProps): ReactNode {
  const flow = useContext(FlowContext);
  if (!flow) throw new Error('<FlowStep> must be inside <RunFlow>');
  const outcome = flow.outcomes[spec.id];
  const previous = index > 0 ? flow.order[index - 1] : undefined;
  const previousOutcome = previous ? flow.outcomes[previous] : undefined;
  const ready = !previous || (!!previousOutcome && 'ok' in previousOutcome && previousOutcome.ok);
  const headingId = `step-${spec.id}`;
  return (
    <section className="run-flow__step" aria-label={`Step ${index + 1}`}>
      <div className="run-flow__text">{children}</div>
      <div className="run-flow__run" data-markdown-twin="omit">
        <button
          type="button"
          className="button button--primary run-flow__button"
          onClick={() => flow.run(index, spec)}
          disabled={!ready || flow.busy !== undefined}
          aria-describedby={ready ? undefined : `${headingId}-wait`}
        >
          {flow.busy === spec.id ? 'Running…' : `Run step ${index + 1}`}
        </button>
        {!ready && (
          <p className="run-flow__note" id={`${headingId}-wait`}>
            Run step {index} first.
          </p>
        )}
        <div aria-live="polite">
          {outcome && 'failure' in outcome && (
            <p className="run-flow__failure">The step did not run: {outcome.failure}.</p>
          )}
          {outcome && 'request' in outcome && (
            <>
              <p className="run-flow__label">Request</p>
              {/* Focusable, so a keyboard can scroll a long request or answer (WCAG 2.1.1). */}
              <pre
                className="run-flow__code run-flow__code--request"
                tabIndex={0}
                role="region"
                aria-label={`Request of step ${index + 1}`}
              >
                {`${outcome.request.method} ${outcome.request.url}`}
                {outcome.request.body ? `\n\n${pretty(outcome.request.body)}` : ''}
              </pre>
              <p className="run-flow__label">
                Answer{' '}
                <span
                  className={`run-flow__status ${outcome.ok ? 'run-flow__status--ok' : 'run-flow__status--error'}`}
                  data-status={outcome.status}
                >
                  {outcome.status ?? 'no answer'}
                </span>{' '}
                <span className="run-flow__ms">{outcome.ms} ms</span>
              </p>
              {outcome.error && (
                <p className="run-flow__failure">
                  {outcome.error.code ? `Code ${outcome.error.code}: ` : ''}
                  {outcome.error.message}
                </p>
              )}
              <pre
                className="run-flow__code"
                tabIndex={0}
                role="region"
                aria-label={`Answer of step ${index + 1}`}
              >
                {pretty(outcome.body) || '(no body)'}
              </pre>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
