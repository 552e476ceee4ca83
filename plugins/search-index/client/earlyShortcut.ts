/**
 * The search from the first paint (spec §4: the modal opens on Ctrl/Cmd+K and on slash). The
 * entry scripts start after the first frame (config/ssr-template.ts) and take seconds on a busy
 * phone, and the modal's own code (DocSearch, about 100 KB) loads only when first asked for. A
 * small inline script in `<head>` (added by plugins/search-index) therefore:
 * - records Ctrl/Cmd+K, `/`, and a tap or click on the search button, before hydration;
 * - shows at once a shell of the modal: its frame and a focused search box that keeps what the
 *   reader types, with a loading line, until the real modal replaces it (`showSearchShell`,
 *   `searchShellValue`, `hideSearchShell`). The SearchBar shows the same shell after hydration
 *   while the modal's code loads the first time.
 * The budget: the modal (shell or real) opens within 300 ms of the key press at any time after
 * first paint, on Lighthouse's mobile profile (design/search-engine.md, "Opening time").
 *
 * The keys are DocSearch's (`useDocSearchKeyboardEvents`, @docsearch/react 4.7): Ctrl or Cmd
 * with K anywhere, `/` only when focus is not in a text field, a select, a button or editable
 * content. The script is static text, so the CSP hash step (deploy/inline-scripts.ts) covers it;
 * the shell is styled by class (plugins/search-index/theme/SearchBar/styles.css), with no inline style.
 */

/** Name of the `window` property the inline script keeps its state in. */
export const EARLY_SHORTCUT_GLOBAL = '__aisleSearchShortcut';

/** What the inline script leaves on `window[EARLY_SHORTCUT_GLOBAL]`. */
export interface EarlyShortcutState {
  /** True once a shortcut key or the search button was pressed before hydration. */
  pressed: boolean;
  /** `performance.now()` of that press, in ms. */
  at: number;
  /** True while the shell is on screen. */
  open: boolean;
  /** Removes the script's key and click listeners (React's take over at hydration). */
  stop: () => void;
  /** Shows the shell (once), with `query` in its box when the box is empty, and focuses it. */
  show: (query: string) => void;
  /** Removes the shell; with `dismissed`, as the reader closing it (focus to the search button). */
  hide: (dismissed?: boolean) => void;
  /** What the shell's box holds ('' without a shell). */
  value: () => string;
  /** Replaces the shell's loading line with `text` (the modal's code failed to load). */
  fail: (text: string) => void;
}

/** Class names of the shell, as the inline script writes them and styles.css styles them. */
export const SEARCH_SHELL_CLASS = 'aisle-search-shell';

/** Longest query the shell's box takes: the modal's own limit (spec §5, 64 characters). */
const SHELL_MAX_LENGTH = 64;

/**
 * The inline script's source: one statement, no dependencies, ES5, ASCII only (the loading
 * line's ellipsis is an escape). It listens on `document` in the capture phase and prevents the
 * browser's own Ctrl/Cmd+K (address bar) only for the keys it records.
 */
export const earlyShortcutScript = [
  '(function(w,d){var b,i,l,',
  `s=w.${EARLY_SHORTCUT_GLOBAL}={pressed:false,at:0,open:false,stop:stop,show:show,hide:hide,`,
  'value:function(){return i?i.value:""},fail:function(t){if(l)l.textContent=t}};',
  'function field(t){var n=t&&t.tagName;return t&&(t.isContentEditable||n==="INPUT"||n==="TEXTAREA"||n==="SELECT"||n==="BUTTON")}',
  'function press(){s.pressed=true;s.at=w.performance?w.performance.now():0;show("")}',
  'function key(e){var k=e.key,t=e.composedPath?e.composedPath()[0]:e.target;',
  'if(typeof k==="string"&&((k.toLowerCase()==="k"&&(e.ctrlKey||e.metaKey))||(k==="/"&&!field(t)&&!e.ctrlKey&&!e.metaKey&&!e.altKey))){e.preventDefault();press()}}',
  'function click(e){var t=e.target;if(t&&t.closest&&t.closest(".DocSearch-Button")){e.preventDefault();press()}}',
  'function el(n,c){var e=d.createElement(n);e.className=c;return e}',
  `function show(q){if(!b){b=el("div","${SEARCH_SHELL_CLASS}");b.setAttribute("role","dialog");b.setAttribute("aria-modal","true");b.setAttribute("aria-label","Search");`,
  `var m=el("div","${SEARCH_SHELL_CLASS}__modal");i=el("input","${SEARCH_SHELL_CLASS}__input");i.type="search";i.maxLength=${SHELL_MAX_LENGTH};i.placeholder="Search docs";`,
  'i.setAttribute("aria-label","Search");i.setAttribute("autocomplete","off");i.spellcheck=false;',
  `l=el("p","${SEARCH_SHELL_CLASS}__status");l.setAttribute("role","status");l.textContent="Loading the search\\u2026";`,
  'm.appendChild(i);m.appendChild(l);b.appendChild(m);',
  'b.addEventListener("mousedown",function(e){if(e.target===b){e.preventDefault();hide(true)}});',
  'i.addEventListener("keydown",function(e){if(e.key==="Escape"){e.preventDefault();hide(true)}})}',
  'if(q&&!i.value)i.value=q;if(!s.open){d.body.appendChild(b);s.open=true}i.focus()}',
  'function hide(x){if(!s.open)return;s.open=false;if(b.parentNode)b.parentNode.removeChild(b);',
  'if(x){s.pressed=false;var t=d.querySelector(".DocSearch-Button");if(t)t.focus()}}',
  'function stop(){d.removeEventListener("keydown",key,true);d.removeEventListener("click",click,true)}',
  'd.addEventListener("keydown",key,true);d.addEventListener("click",click,true)})(window,document);',
].join('');

/** The inline script's state, or undefined without it (e.g. under a test that omits it). */
function shellState(): EarlyShortcutState | undefined {
  return (window as unknown as Record<string, EarlyShortcutState | undefined>)[
    EARLY_SHORTCUT_GLOBAL
  ];
}

/**
 * Stops the inline script's listeners and tells whether a shortcut or the search button was
 * pressed before now (and its shell not closed since). Safe without the script: returns null.
 * @returns the press's `performance.now()` time in ms, or null when none is pending.
 */
export function takeEarlyShortcut(): number | null {
  const state = shellState();
  if (!state) return null;
  state.stop();
  const at = state.pressed ? state.at : null;
  state.pressed = false;
  return at;
}

/**
 * Shows the shell of the modal at once, with `query` typed in its box.
 * @returns true when the shell is on screen (false without the inline script).
 */
export function showSearchShell(query: string): boolean {
  const state = shellState();
  if (!state) return false;
  state.show(query);
  return state.open;
}

/** True while the shell is on screen (false once the reader closed it, or without it). */
export function searchShellOpen(): boolean {
  return shellState()?.open ?? false;
}

/** What the reader typed in the shell's box so far ('' without a shell). */
export function searchShellValue(): string {
  return shellState()?.value() ?? '';
}

/** Removes the shell (the real modal has replaced it). Safe without one. */
export function hideSearchShell(): void {
  shellState()?.hide();
}

/** Shows `text` in the shell instead of its loading line (the modal's code failed to load). */
export function failSearchShell(text: string): void {
  shellState()?.fail(text);
}
