/**
 * Frame for a Shopping Widgets live example: the example itself, its embed code next to it
 * (`@theme/CodeBlock`, language `html`) and a "Light preview" / "Dark preview" segmented
 * control. The control sets `data-preview` on the example frame, which switches the widget's
 * `--aisle-*` custom properties the way a partner's own theme would; it is independent of the
 * site's colour mode. The frame chrome uses the site's `--ifm-*` colours.
 *
 * Props: `{ title: string; embedCode: string; defaultPreview?: 'light' | 'dark';
 * children: ReactNode }`.
 *
 * Usage in MDX:
 * `<WidgetExample title="Cart" embedCode={cartEmbed}><CartExample /></WidgetExample>`.
 *
 * This module also exports what every example shares: the event types, the `useAisleEvents`
 * hook (dispatches `aisle:*` CustomEvents on the example's root element and records them) and
 * the `EventLog` that shows the last event under the example.
 */
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme/CodeBlock';
import type { Money } from './sampleData';
import styles from './styles.module.css';
import { EMBED_CODE_TITLE, exampleCaption } from './markdown';

/** The four prebuilt widgets, as `aisle:ready` names them. */
export type WidgetName = 'auth_profile' | 'cart' | 'collection' | 'search_bar';

/** The `detail` of each documented event. */
export interface AisleEventDetailMap {
  'aisle:ready': { widget: WidgetName };
  'aisle:auth-changed': { signed_in: boolean };
  'aisle:cart-updated': { items_count: number; subtotal: Money };
  'aisle:item-added': { lookup_code: string; quantity: number };
  'aisle:search-submitted': { query: string };
  'aisle:checkout-started': { items_count: number; subtotal: Money };
}

export type AisleEventName = keyof AisleEventDetailMap;

const eventNames: readonly AisleEventName[] = [
  'aisle:ready',
  'aisle:auth-changed',
  'aisle:cart-updated',
  'aisle:item-added',
  'aisle:search-submitted',
  'aisle:checkout-started',
];

function isAisleEventName(name: string): name is AisleEventName {
  return (eventNames as readonly string[]).includes(name);
}

/** One event as the log shows it; `sequence` counts events since the example rendered. */
export interface LoggedEvent {
  sequence: number;
  name: AisleEventName;
  detail: unknown;
}

/** Dispatches an event of the documented shape. */
export type EmitAisleEvent = <N extends AisleEventName>(
  name: N,
  detail: AisleEventDetailMap[N],
) => void;

/**
 * Gives an example its root element ref, an `emit` function that dispatches `aisle:*`
 * CustomEvents on that root (bubbling and composed, like the real widgets), and the last few
 * events heard on the root, newest first. Fires `aisle:ready` once the example has rendered.
 */
export function useAisleEvents(widget: WidgetName): {
  rootRef: RefObject<HTMLDivElement | null>;
  emit: EmitAisleEvent;
  events: readonly LoggedEvent[];
} {
  const rootRef = useRef<HTMLDivElement>(null);
  const [events, setEvents] = useState<readonly LoggedEvent[]>([]);

  // Listen first, so that the `aisle:ready` dispatched by the next effect is recorded.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return undefined;
    const record = (event: Event): void => {
      if (!(event instanceof CustomEvent) || !isAisleEventName(event.type)) return;
      const name = event.type;
      const detail: unknown = event.detail;
      setEvents((previous) =>
        [{ sequence: (previous[0]?.sequence ?? 0) + 1, name, detail }, ...previous].slice(0, 3),
      );
    };
    for (const name of eventNames) root.addEventListener(name, record);
    return () => {
      for (const name of eventNames) root.removeEventListener(name, record);
    };
  }, []);

  const emit = useCallback<EmitAisleEvent>((name, detail) => {
    rootRef.current?.dispatchEvent(
      new CustomEvent(name, { detail, bubbles: true, composed: true }),
    );
  }, []);

  useEffect(() => {
    emit('aisle:ready', { widget });
  }, [emit, widget]);

  return { rootRef, emit, events };
}

/** The small "Events" log under an example: the last event in a polite live region. */
export function EventLog({ events }: { events: readonly LoggedEvent[] }): ReactNode {
  const [latest, ...earlier] = events;
  return (
    <div className={styles.eventLog}>
      <p className={styles.eventLogLabel}>Events</p>
      <p className={styles.eventLatest} aria-live="polite" aria-atomic="true">
        {latest ? (
          <>
            <span className={styles.eventSequence}>#{latest.sequence}</span>{' '}
            <code className={styles.eventCode}>{latest.name}</code>{' '}
            <code className={styles.eventCode}>{JSON.stringify(latest.detail)}</code>
          </>
        ) : (
          'No events yet.'
        )}
      </p>
      {earlier.length > 0 && (
        <div className={styles.eventEarlier}>
          <span>Earlier:</span>
          <ul className={styles.eventEarlierList}>
            {earlier.map((event) => (
              <li key={event.sequence}>
                <code className={styles.eventCode}>{event.name}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The two preview themes of the example frame. */
export type PreviewTheme = 'light' | 'dark';

export interface WidgetExampleProps {
  /** Widget name for the caption, for example "Cart". */
  title: string;
  /** The HTML a partner page uses to embed the widget, shown next to the example. */
  embedCode: string;
  /** Preview theme on first render; `light` unless set. */
  defaultPreview?: PreviewTheme;
  /** The live example, for example `<CartExample />`. */
  children: ReactNode;
}

const previewLabels: Record<PreviewTheme, string> = {
  light: 'Light preview',
  dark: 'Dark preview',
};

/** The live example, its embed code and the preview switch. */
export default function WidgetExample({
  title,
  embedCode,
  defaultPreview = 'light',
  children,
}: WidgetExampleProps): ReactNode {
  const id = useId();
  const [preview, setPreview] = useState<PreviewTheme>(defaultPreview);
  const captionId = `${id}-caption`;

  return (
    <div className={styles.example} role="group" aria-labelledby={captionId}>
      <div className={styles.toolbar}>
        <p id={captionId} className={styles.caption}>
          {exampleCaption(title)}
        </p>
        <fieldset className={styles.previewSwitch}>
          <legend className={styles.previewLegend}>Preview theme</legend>
          <div className={styles.segments}>
            {(Object.keys(previewLabels) as PreviewTheme[]).map((theme) => (
              <span key={theme} className={styles.segment}>
                <input
                  className={clsx('sr-only', styles.segmentInput)}
                  type="radio"
                  id={`${id}-${theme}`}
                  name={`${id}-preview`}
                  value={theme}
                  checked={preview === theme}
                  onChange={() => setPreview(theme)}
                />
                <label className={styles.segmentLabel} htmlFor={`${id}-${theme}`}>
                  {previewLabels[theme]}
                </label>
              </span>
            ))}
          </div>
        </fieldset>
      </div>
      <div className={styles.layout}>
        {/* The running widget; the Markdown twin has the caption and embed code (./markdown.ts). */}
        <div className={styles.frame} data-preview={preview} data-markdown-twin="omit">
          {children}
        </div>
        <div className={styles.code}>
          <CodeBlock language="html" title={EMBED_CODE_TITLE}>
            {embedCode}
          </CodeBlock>
        </div>
      </div>
      <p className={styles.note}>
        The example runs in this page: it uses sample products and sends nothing over the network.
      </p>
    </div>
  );
}
