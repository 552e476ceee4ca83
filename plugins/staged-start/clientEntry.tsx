/**
 * Ejected from @docusaurus/core 3.10.2, lib/client/clientEntry.js.
 *
 * Upstream imports the whole app statically, so the browser evaluates every module of the
 * main bundle (React DOM, the routes of every page, the theme) in the one task that runs the
 * bundle: 460–850 ms of Lighthouse's 4×-slowed CPU on the pages measured, of this site and of
 * plain Docusaurus alike, the largest single long task of each (design/main-thread.md). Here that work runs in stages (./stages.ts), a task each, and the
 * app starts as upstream's does once they are done. Production only: the plugin leaves the
 * development server's entry alone. Changes are marked `// CUSTOM`.
 */
import React, {startTransition, type ReactNode} from 'react';
import siteConfig from '@generated/docusaurus.config';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {runStages, STAGES} from './stages'; // CUSTOM

async function start() {
  // CUSTOM: every module below was evaluated by its stage; these imports only take the values.
  await runStages(STAGES);
  const [
    {default: ReactDOM},
    {HelmetProvider},
    {BrowserRouter, HashRouter},
    {default: App},
    {default: preload},
    {default: docusaurus},
  ] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react-dom/client'),
    import(/* webpackMode: "eager" */ 'react-helmet-async'),
    import(/* webpackMode: "eager" */ 'react-router-dom'),
    import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/App'),
    import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/preload'),
    import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/docusaurus'),
  ]);

  function Router({children}: {children: ReactNode}) {
    return siteConfig.future.experimental_router === 'hash' ? (
      <HashRouter>{children}</HashRouter>
    ) : (
      <BrowserRouter>{children}</BrowserRouter>
    );
  }

  const hydrate = Boolean(process.env.HYDRATE_CLIENT_ENTRY);

  window.docusaurus = docusaurus;
  const container = document.getElementById('__docusaurus')!;
  const app = (
    <HelmetProvider>
      <Router>
        <App />
      </Router>
    </HelmetProvider>
  );
  const onRecoverableError = (error: unknown, errorInfo: unknown) => {
    console.error(
      'Docusaurus React Root onRecoverableError:',
      error,
      errorInfo,
    );
  };
  const renderApp = () => {
    if (window.docusaurusRoot) {
      window.docusaurusRoot.render(app);
      return;
    }
    if (hydrate) {
      window.docusaurusRoot = ReactDOM.hydrateRoot(container, app, {
        onRecoverableError,
      });
    } else {
      const root = ReactDOM.createRoot(container, {onRecoverableError});
      root.render(app);
      window.docusaurusRoot = root;
    }
  };
  preload(window.location.pathname).then(() => {
    startTransition(renderApp);
  });
  // CUSTOM: no `module.hot` block; this entry is used by production builds only.
}

if (ExecutionEnvironment.canUseDOM) {
  // CUSTOM: a stage that fails leaves the server-rendered page as it is, as a failed bundle
  // would. Upstream's error would be uncaught; so is this one (`reportError`: the window's
  // error event, "Uncaught" in the console), after a line saying what it stopped.
  start().catch((error: unknown) => {
    console.error('Aisle Docs: the app did not start:', error);
    reportError(error);
  });
}
