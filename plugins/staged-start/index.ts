/**
 * Local plugin `staged-start`: in production builds, the client bundle's entry is
 * ./clientEntry.tsx, core's entry with the app's modules evaluated in stages, one task each
 * (./stages.ts), instead of all of them in the one long task that runs the bundle. The
 * figures are in design/main-thread.md ("Staged start"). `docusaurus start` keeps core's
 * entry (its hot-reload handling lives there).
 */
import { join } from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** The replacement entry module. */
export const STAGED_ENTRY = join(__dirname, 'clientEntry.tsx');

/** The plugin; see the module comment. */
export default function stagedStartPlugin(): Plugin {
  return {
    name: 'staged-start',
    configureWebpack(config, isServer) {
      // `mode` follows NODE_ENV: `docusaurus build` sets production (development with
      // --dev), `docusaurus start` development unless NODE_ENV says otherwise.
      if (isServer || config.mode !== 'production') return {};
      // Core's client configuration names one entry file; a string here replaces it.
      return { entry: STAGED_ENTRY };
    },
  };
}
