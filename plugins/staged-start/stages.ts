/**
 * The stages of plugins/staged-start/clientEntry.tsx: the modules of the app's start, each
 * evaluated in a task of its own. All are in the main bundle (`webpackMode: "eager"`: no
 * request, no chunk of their own); `import()` only decides when each module runs.
 *
 * The stages from App are the first imports of core's `lib/client/App.js`, in its order
 * (client modules, the routes, the theme's root components), after React DOM and the router,
 * which clientEntry imports first; App itself then loads the rest. The stylesheet's rule
 * order follows the order in which the bundler first meets each module, so a staged prefix of
 * App's imports keeps styles.css the same (tests/unit/staged-start.test.ts holds the prefix
 * against the installed App.js).
 * The routes' data (`routesChunkNames`, `registry`) has stages before the routes, as the
 * routes stage was the longest (135–259 ms at Lighthouse's 4× CPU slowdown,
 * design/main-thread.md). Neither has styles of its own, but the registry's lazy imports
 * lead to every page's chunks, which the bundler now meets before the routes' other imports;
 * styles.css came out byte for byte the same with them (styles.492f305f.css), which no test
 * holds: a change of these stages needs that comparison again.
 */
export const STAGES: (() => Promise<unknown>)[] = [
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import(/* webpackMode: "eager" */ 'react-helmet-async'),
  () => import(/* webpackMode: "eager" */ 'react-router-dom'),
  () => import(/* webpackMode: "eager" */ '@generated/client-modules'),
  () => import(/* webpackMode: "eager" */ '@generated/routesChunkNames'),
  () => import(/* webpackMode: "eager" */ '@generated/registry'),
  () => import(/* webpackMode: "eager" */ '@generated/routes'),
  () => import(/* webpackMode: "eager" */ '@docusaurus/renderRoutes'),
  () => import(/* webpackMode: "eager" */ '@theme/Root'),
  () => import(/* webpackMode: "eager" */ '@theme/ThemeProvider'),
  () => import(/* webpackMode: "eager" */ '@theme/SiteMetadata'),
  () => import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/App'),
];

/**
 * Resolves in a new task, so that the browser can handle input, paint and other tasks
 * between two stages. A `MessageChannel` message rather than `setTimeout(0)`: nested timers
 * are held back at least 4 ms each from the fifth level on (HTML's timer rules).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs each stage in a new task: it waits for one before every stage, so the first stage does
 * not run in the task that evaluated the bundle, and after the last one, so the caller's work
 * does not run in the last stage's task. A stage that rejects rejects the whole start (the
 * error is the stage's own), as a failed static import would.
 * @param stages module loaders, in order. @param next the wait for a new task.
 */
export async function runStages(
  stages: readonly (() => Promise<unknown>)[],
  next: () => Promise<void> = nextTask,
): Promise<void> {
  for (const stage of stages) {
    await next();
    await stage();
  }
  await next();
}
