/**
 * The Try it panel's CSS, a string the panel puts into the page once, when it first mounts
 * (Panel.tsx). A CSS file would go into the one stylesheet every page loads (Docusaurus's
 * `styles` cache group), about 0.9 KB gzip on every guide; in a CSS chunk of its own, the
 * bundler's CSS-loading runtime added 0.5 KB of JS to every page (design/try-it.md). As a string
 * it is in the panel's chunk only. Infima variables throughout, so both colour modes follow the
 * site; one column on phones, labels above their fields. The CSP allows inline styles. The
 * button's own spacing is the samples pane's (plugins/openapi-pages/theme/api-reference.css),
 * there before the panel is opened.
 */
export const PANEL_CSS = `
.try-it__panel {
  margin-top: 0.75rem;
  padding: 0.75rem;
  border: 1px solid var(--ifm-color-emphasis-300);
  border-radius: var(--ifm-global-radius);
  background: var(--ifm-background-surface-color);
  font-size: 0.875rem;
}
.try-it__panel p {
  margin: 0 0 0.5rem;
}
.try-it__mode,
.try-it__note,
.try-it__hint {
  color: var(--ifm-color-emphasis-800);
}
.try-it__hint {
  margin-left: 0.4rem;
  font-size: 0.8rem;
}
.try-it__required {
  color: var(--api-required);
  font-size: 0.8rem;
}
.try-it__group {
  margin: 0 0 0.75rem;
  padding: 0;
  border: 0;
  min-width: 0;
}
.try-it__group legend,
.try-it__legend {
  display: block;
  margin: 0 0 0.35rem;
  padding: 0;
  font-weight: 700;
}
.try-it__row {
  display: grid;
  grid-template-columns: minmax(0, 11rem) minmax(0, 1fr);
  align-items: center;
  gap: 0.25rem 0.5rem;
  margin-bottom: 0.35rem;
}
.try-it__row label code {
  overflow-wrap: anywhere;
}
@media (max-width: 600px) {
  .try-it__row {
    grid-template-columns: minmax(0, 1fr);
  }
}
.try-it__panel input[type='text'],
.try-it__panel select,
.try-it__body {
  width: 100%;
  min-width: 0;
  padding: 0.3rem 0.45rem;
  border: 1px solid var(--ifm-color-emphasis-500);
  border-radius: 4px;
  background: var(--ifm-background-color);
  color: var(--ifm-font-color-base);
  font-family: var(--ifm-font-family-monospace);
  font-size: 0.85rem;
}
.try-it__body {
  display: block;
  resize: vertical;
  line-height: 1.4;
}
.try-it__panel input:focus-visible,
.try-it__panel select:focus-visible,
.try-it__body:focus-visible,
.try-it__panel summary:focus-visible,
.try-it__code:focus-visible {
  outline: 2px solid var(--ifm-color-primary);
  outline-offset: 1px;
}
.try-it__choice {
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  margin-bottom: 0.35rem;
}
.try-it__url {
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0.4rem;
  overflow-wrap: anywhere;
}
.try-it__url code {
  min-width: 0;
}
.try-it__fields ul {
  margin: 0.35rem 0 0;
  padding-left: 1.1rem;
}
.try-it__actions {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0.25rem 0 0.5rem;
}
.try-it__status:empty {
  display: none;
}
/* Read out, not shown: the answer line below says the same. */
.try-it__status--quiet {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}
.try-it__warning {
  color: var(--api-required);
}
.try-it__prepare {
  padding: 0.5rem 0.6rem;
  border-left: 3px solid var(--ifm-color-primary);
  background: var(--ifm-color-emphasis-100);
}
.try-it__answer {
  margin-bottom: 0.75rem;
}
.try-it__answer-line {
  display: flex;
  align-items: center;
  gap: 0.5rem;
}
.try-it__pairs {
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 0.15rem 0.75rem;
  margin: 0.35rem 0 0.5rem;
}
.try-it__pairs dt {
  font-family: var(--ifm-font-family-monospace);
  font-size: 0.8rem;
}
.try-it__pairs dd {
  margin: 0;
  overflow-wrap: anywhere;
}
@media (max-width: 600px) {
  .try-it__pairs {
    grid-template-columns: minmax(0, 1fr);
  }
  .try-it__pairs dd {
    margin-bottom: 0.35rem;
  }
}
.try-it__code {
  margin: 0.35rem 0 0.5rem;
  padding: 0.5rem 0.6rem;
  max-height: 20rem;
  overflow: auto;
  font-size: 0.8rem;
  white-space: pre;
}
.try-it__callbacks ul {
  margin: 0;
  padding: 0;
  list-style: none;
}
.try-it__callback {
  padding: 0.3rem 0;
  border-top: 1px solid var(--ifm-color-emphasis-200);
}
.try-it__callback summary {
  cursor: pointer;
}
.try-it__signature {
  overflow-wrap: anywhere;
  white-space: normal;
}
`;

/** Adds the panel's CSS to the document once (a `<style data-try-it>` in `<head>`). */
export function insertPanelStyles(): void {
  if (document.head.querySelector('style[data-try-it]')) return;
  const style = document.createElement('style');
  style.dataset.tryIt = '';
  style.textContent = PANEL_CSS;
  document.head.append(style);
}
