/**
 * The modal's styles, imported with its code (importDocSearchModalIfNeeded in ./index.tsx), one
 * chunk for both files: DocSearch's (@docsearch/css 4.7.0, dist/modal.css, in its cascade layer)
 * and the site's additions (./modal.css, unlayered, so they win over DocSearch's in any order).
 */
import '@docsearch/css/dist/modal.css';
import './modal.css';
