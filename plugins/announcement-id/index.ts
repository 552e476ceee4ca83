/**
 * Local plugin `announcement-id`: a reader who closed an announcement sees the next one (spec
 * §4: dismissal resets when the bar's id changes) from the first paint of the first page.
 *
 * Theme-classic hides the bar before React starts with an inline script that reads only the
 * stored dismissal (`data-announcement-bar-initially-dismissed`), not the id it belonged to;
 * React then resets the dismissal for a new id but never clears that attribute, so the bar
 * stayed hidden until the next full page load. This plugin adds an inline script, after the
 * theme's, that clears the attribute when the stored id is not the current one. The script is
 * static text, so the CSP hash step (deploy/inline-scripts.ts) covers it like the theme's.
 */
import type { LoadContext, Plugin } from '@docusaurus/types';

/** Storage key and attribute, as theme-common and theme-classic name them. */
export const ID_KEY = 'docusaurus.announcement.id';
export const DISMISSED_ATTRIBUTE = 'data-announcement-bar-initially-dismissed';

/** The inline script for an announcement with this id (the id is JSON-encoded, so any text is safe). */
export function resetScript(id: string): string {
  const literal = JSON.stringify(id).replace(/</g, '\\u003c');
  return `(function(){try{if(localStorage.getItem('${ID_KEY}')!==${literal})document.documentElement.setAttribute('${DISMISSED_ATTRIBUTE}','false')}catch(e){}})();`;
}

/** The plugin; adds nothing when the site has no announcement bar. */
export default function announcementIdPlugin(context: LoadContext): Plugin {
  const bar = (context.siteConfig.themeConfig as { announcementBar?: { id?: string } })
    .announcementBar;
  return {
    name: 'announcement-id',
    injectHtmlTags() {
      if (!bar) return {};
      return {
        preBodyTags: [{ tagName: 'script', innerHTML: resetScript(bar.id ?? 'announcement-bar') }],
      };
    },
  };
}
