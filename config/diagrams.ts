/**
 * How diagrams are drawn, in production builds (plugins/build-diagrams, at build time) and
 * under `docusaurus start` (theme-mermaid, in the browser): one set of settings for both
 * (design/diagrams.md, section 3).
 */

/** Mermaid theme per colour mode. */
export const mermaidThemes = { light: 'neutral', dark: 'dark' };

/**
 * Other mermaid settings. Sequence diagrams wrap their messages and keep actors close, so that
 * they fit the text column with text of 12 px or more at 1440 px.
 */
export const mermaidOptions = { sequence: { wrap: true, width: 120, actorMargin: 30 } };

/**
 * The font labels are measured and drawn with: the page's (`--ifm-font-family-base` in
 * src/css/custom.css; a unit test keeps them equal).
 */
export const diagramFont =
  "system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, Cantarell, 'Noto Sans', sans-serif";
