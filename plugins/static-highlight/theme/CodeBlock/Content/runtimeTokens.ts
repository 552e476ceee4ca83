/**
 * Prism in the browser, for the rare block whose tokens were not computed at build time (a
 * component's code built at run time, or a block whose shown text differs from its source).
 * Imported on demand by ./index.tsx, so Prism is its own chunk and stays out of page loads.
 */
import prismIncludeLanguages from '@theme/prism-include-languages';
import { Prism } from '../../../prism';

prismIncludeLanguages(Prism);

export { tokenize } from '../../../prism';
