/**
 * The Markdown rendering of `<WidgetExample title="…" embedCode={…}>` for the page's Markdown
 * twin (plugins/markdown-twins). The live example itself runs only in the browser; the twin
 * keeps what a reader can use without it: the caption and the embed code, as the `html` code
 * block the page shows beside the example. Plain strings, no dependencies, so the component
 * shares the caption without growing its bundle.
 */

/** Caption of an example, e.g. "Cart: live example with sample data". */
export function exampleCaption(title: string): string {
  return `${title}: live example with sample data`;
}

/** Title of the embed code block, on the page and in the twin. */
export const EMBED_CODE_TITLE = 'Embed code';

/**
 * The example as Markdown: the caption in bold, a line saying the example is interactive on
 * the page, and the embed code in an `html` fence (longer than any backtick run inside it).
 * An empty `embedCode` gives the caption lines only.
 */
export function widgetExampleMarkdown({
  title,
  embedCode,
}: {
  title: string;
  embedCode: string;
}): string {
  const caption = `**${exampleCaption(title.trim() || 'Widget')}** (interactive on the web page; it uses sample products and sends nothing over the network)`;
  const code = embedCode.replace(/^\n+|\s+$/g, '');
  if (!code) return `${caption}\n`;
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${caption}\n\n${fence}html title="${EMBED_CODE_TITLE}"\n${code}\n${fence}\n`;
}
