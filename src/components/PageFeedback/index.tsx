/**
 * "Was this page helpful?" on doc pages: yes/no, then an optional reason (choices plus free
 * text, up to 500 characters), each sent as a Google tag event (`page_feedback`,
 * `page_feedback_reason`, with `page_path`). Rendered only when analytics is configured
 * (`customFields.analytics`), so a reader's answer is never silently dropped.
 */
import React, { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import styles from './styles.module.css';

/** Longest free-text comment, in characters. */
export const MAX_COMMENT_LENGTH = 500;

const REASONS = {
  yes: ['Solved my problem', 'Easy to follow', 'Code samples worked', 'Something else'],
  no: [
    'Information is missing',
    'Hard to follow',
    'A code sample did not work',
    'Information is out of date',
    'Something else',
  ],
} as const;

type Gtag = (command: 'event', name: string, params: Record<string, string>) => void;

/** Sends an analytics event through the Google tag, if the page has it. */
function send(name: string, params: Record<string, string>): void {
  const gtag = (window as unknown as { gtag?: Gtag }).gtag;
  gtag?.('event', name, params);
}

/** The feedback widget; see the module comment. */
export default function PageFeedback(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const { pathname } = useLocation();
  const [answer, setAnswer] = useState<'yes' | 'no' | null>(null);
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [done, setDone] = useState(false);

  if (!(siteConfig.customFields as { analytics?: boolean }).analytics) return null;

  const choose = (value: 'yes' | 'no') => {
    setAnswer(value);
    send('page_feedback', { helpful: value, page_path: pathname });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send('page_feedback_reason', {
      helpful: answer ?? '',
      reason,
      comment: comment.slice(0, MAX_COMMENT_LENGTH),
      page_path: pathname,
    });
    setDone(true);
  };

  return (
    <section className={styles.feedback} aria-labelledby="page-feedback-title">
      <h2 id="page-feedback-title" className={styles.title}>
        Was this page helpful?
      </h2>
      {answer === null && (
        <div className={styles.buttons}>
          <button
            type="button"
            className="button button--outline button--primary"
            onClick={() => choose('yes')}
          >
            Yes
          </button>
          <button
            type="button"
            className="button button--outline button--primary"
            onClick={() => choose('no')}
          >
            No
          </button>
        </div>
      )}
      {answer !== null && !done && (
        <form onSubmit={submit} className={styles.form}>
          <p role="status">Thanks for your answer. Tell us more (optional):</p>
          <fieldset>
            <legend className={styles.legend}>What was the main reason?</legend>
            {REASONS[answer].map((r) => (
              <label key={r} className={styles.choice}>
                <input
                  type="radio"
                  name="reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                />
                {r}
              </label>
            ))}
          </fieldset>
          <label className={styles.comment}>
            Anything else? (up to {MAX_COMMENT_LENGTH} characters; do not include personal data)
            <textarea
              value={comment}
              maxLength={MAX_COMMENT_LENGTH}
              rows={3}
              onChange={(e) => setComment(e.target.value)}
            />
          </label>
          <button
            type="submit"
            className="button button--primary button--sm"
            disabled={!reason && !comment.trim()}
          >
            Send
          </button>
        </form>
      )}
      {done && <p role="status">Thank you: your feedback was sent to the documentation team.</p>}
    </section>
  );
}
