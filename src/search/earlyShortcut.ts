/**
 * The search shortcut from the first paint (spec §4: the modal opens on Ctrl/Cmd+K and on
 * slash). The entry scripts start after the first frame (config/ssr-template.ts) and take
 * seconds on a busy machine; until React hydrates, nothing listens for the keys. A small
 * inline script in `<head>` (added by plugins/early-search-key) records such a key press, and
 * the SearchBar opens the modal when it hydrates (`takeEarlyShortcut`).
 *
 * The keys are DocSearch's (`useDocSearchKeyboardEvents`, @docsearch/react 4.7): Ctrl or Cmd
 * with K anywhere, `/` only when focus is not in a text field, a select, a button or editable
 * content. The script is static text, so the CSP hash step (deploy/inline-scripts.ts) covers it.
 */

/** Name of the `window` property the inline script keeps its state in. */
export const EARLY_SHORTCUT_GLOBAL = '__aisleSearchShortcut';

/** What the inline script leaves on `window[EARLY_SHORTCUT_GLOBAL]`. */
export interface EarlyShortcutState {
  /** True once a shortcut key was pressed before hydration. */
  pressed: boolean;
  /** `performance.now()` of that key press, in ms. */
  at: number;
  /** Removes the script's key listener (React's takes over at hydration). */
  stop: () => void;
}

/**
 * The inline script's source: one statement, no dependencies, ES5. It listens on `document`
 * in the capture phase and prevents the browser's own Ctrl/Cmd+K (address bar) only for the
 * keys it records.
 */
export const earlyShortcutScript = [
  '(function(w,d){function f(e){var k=e.key,t=e.composedPath?e.composedPath()[0]:e.target,',
  'n=t&&t.tagName,x=t&&(t.isContentEditable||n==="INPUT"||n==="TEXTAREA"||n==="SELECT"||n==="BUTTON");',
  'if(typeof k==="string"&&((k.toLowerCase()==="k"&&(e.ctrlKey||e.metaKey))||(k==="/"&&!x&&!e.ctrlKey&&!e.metaKey&&!e.altKey))){',
  'e.preventDefault();s.pressed=true;s.at=w.performance?w.performance.now():0}}',
  `var s=w.${EARLY_SHORTCUT_GLOBAL}={pressed:false,at:0,stop:function(){d.removeEventListener("keydown",f,true)}};`,
  'd.addEventListener("keydown",f,true)})(window,document);',
].join('');

/**
 * Stops the inline script's listener and tells whether a shortcut was pressed before now.
 * Safe without the script (e.g. under `npm start` without the plugin): returns null.
 * @returns the key press's `performance.now()` time in ms, or null when none was recorded.
 */
export function takeEarlyShortcut(): number | null {
  const state = (window as unknown as Record<string, EarlyShortcutState | undefined>)[
    EARLY_SHORTCUT_GLOBAL
  ];
  if (!state) return null;
  state.stop();
  const at = state.pressed ? state.at : null;
  state.pressed = false;
  return at;
}
