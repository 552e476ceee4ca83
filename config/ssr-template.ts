/**
 * The page template (Docusaurus `ssrTemplate`): Docusaurus 3.10's default, with one change in
 * how the entry scripts (`runtime~main`, `main`) start.
 *
 * The default puts them in `<head>` as `defer` scripts, which run as soon as parsing ends: on a
 * fast network that is often before the first frame reaches the screen, so the server-rendered
 * text waits behind parsing and evaluating ~560 KB of JavaScript. Lighthouse's mobile run
 * measured the largest contentful paint at about 1.2 s when the text came first and 2.1 s when
 * the scripts did, at random from run to run. Here an inline loader at the end of `<body>`
 * starts them:
 * - it runs when the parser reaches it, which is after the stylesheet has arrived (an inline
 *   script waits for pending stylesheets), and at once adds a `<link rel="preload">` for each
 *   script, so their download no longer shares the network with the render-blocking
 *   stylesheet. Preloaded from `<head>`, the entry scripts (the main bundle 158 KB gzip) took
 *   bandwidth from the stylesheet and put the API page's first paint 0.2–0.3 s later on
 *   Lighthouse's throttled network (design/performance.md, "Entry scripts after the
 *   stylesheet");
 * - it inserts them, in order (`async = false`), once the browser reports the first contentful
 *   paint (Paint Timing API; an animation frame where that API is missing). A page that never
 *   paints (a tab opened in the background) starts them after 1000 ms all the same, so no page
 *   is left without its scripts.
 *
 * Without JavaScript, a `<noscript>` style shows every tab panel (noScriptCss).
 *
 * The loader is inline, so the CSP needs its hash: deploy/inline-scripts.ts hashes every inline
 * script of the build, this one included (the same on every page).
 */
/** The loader's source: a function expression taking the entry script URLs, in order. */
export const entryScriptLoader = [
  '(function(u){var d=0;u.forEach(function(s){',
  "var l=document.createElement('link');l.rel='preload';l.as='script';l.href=s;document.head.appendChild(l)});",
  'function go(){if(d)return;d=1;u.forEach(function(s){',
  "var e=document.createElement('script');e.src=s;e.async=false;document.head.appendChild(e)})}",
  'var P=window.PerformanceObserver;',
  "if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){",
  "new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){",
  "o.disconnect();setTimeout(go,0)}}).observe({type:'paint',buffered:true})}",
  'else{requestAnimationFrame(function(){setTimeout(go,0)})}',
  'setTimeout(go,1000)})',
].join('');

/**
 * Styles for readers without JavaScript: every tab panel is shown (the tabs cannot be switched),
 * so code samples in each language, each response and each alternative stay readable.
 */
export const noScriptCss = "[role='tabpanel'][hidden]{display:block!important}";

/** The eta template string given to `ssrTemplate` in docusaurus.config.ts. */
export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <noscript><style>${noScriptCss}</style></noscript>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <script>${entryScriptLoader}(<%~ JSON.stringify(it.scripts.map((s) => it.baseUrl + s)) %>)</script>
    <%~ it.postBodyTags %>
  </body>
</html>
`;
