/**
 * Remark plugin of `build-diagrams`: replaces every ```mermaid block of a page with
 * `<BuildDiagram id width height />` (./theme/BuildDiagram) and imports that component. The
 * drawing itself is not in the page's JavaScript: postBuild writes it into the HTML (./inject.ts).
 * Diagrams missing from the cache are drawn first (./render.ts).
 * @throws Error naming the file and line of a diagram mermaid cannot draw (a syntax error), or
 *   of one so wide that its text would be under MIN_TEXT_PX at desktop width.
 */
import { diagramId, drawDiagrams, type RenderSettings } from './render';

interface Node {
  type: string;
  lang?: string | null;
  value?: string;
  position?: { start: { line: number } };
  children?: Node[];
  [key: string]: unknown;
}

/**
 * Width of a doc page's text column at 1440 px with its table of contents, CSS px (measured;
 * tests/e2e/behaviours.spec.ts, "diagrams", checks it). Wider drawings are scaled down to it.
 */
export const DESKTOP_COLUMN_PX = 823;
/** Smallest text a diagram may show at that width, CSS px (the reading-experience budget). */
export const MIN_TEXT_PX = 12;

/**
 * The size of a diagram's smallest text on a 1440 px screen, in CSS px: its size in the
 * drawing, scaled down when the drawing is wider than the column. Null for a drawing without text.
 */
export function desktopTextPx(diagram: { width: number; fontSize: number | null }): number | null {
  if (diagram.fontSize === null) return null;
  return diagram.fontSize * Math.min(1, DESKTOP_COLUMN_PX / diagram.width);
}

/** The component's name in the page, and the module it is imported from. */
const COMPONENT = 'BuildDiagram';
const SOURCE = '@theme/BuildDiagram';

/** `import BuildDiagram from '@theme/BuildDiagram'` as an MDX ESM node (with its ESTree). */
function importNode(): Node {
  return {
    type: 'mdxjsEsm',
    value: `import ${COMPONENT} from '${SOURCE}';`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [
              { type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name: COMPONENT } },
            ],
            source: { type: 'Literal', value: SOURCE, raw: `'${SOURCE}'` },
          },
        ],
      },
    },
  };
}

function attribute(name: string, value: string) {
  return { type: 'mdxJsxAttribute', name, value };
}

/** The remark plugin (unified attacher). */
export default function remarkBuildDiagrams(settings: RenderSettings) {
  return (tree: Node, file: { path?: string }) => {
    const found: { parent: Node; index: number; node: Node; id: string }[] = [];
    const walk = (parent: Node) => {
      parent.children?.forEach((node, index) => {
        if (node.type === 'code' && node.lang === 'mermaid') {
          found.push({ parent, index, node, id: diagramId(node.value ?? '', settings.modes) });
        } else walk(node);
      });
    };
    walk(tree);
    if (found.length === 0) return;

    const { diagrams, failures } = drawDiagrams(
      found.map(({ id, node }) => ({ id, code: node.value ?? '' })),
      settings,
    );
    if (failures.length > 0) {
      const lines = failures.map(({ id, message }) => {
        const at = found.find((f) => f.id === id)?.node.position?.start.line;
        return `${file.path ?? 'a page'}:${at ?? '?'}: mermaid could not draw this diagram: ${message}`;
      });
      throw new Error(lines.join('\n'));
    }
    const tooSmall: string[] = [];
    for (const { parent, index, id, node } of found) {
      const diagram = diagrams.get(id);
      if (!diagram) throw new Error(`build-diagrams: diagram ${id} was not drawn.`);
      const px = desktopTextPx(diagram);
      if (px !== null && px < MIN_TEXT_PX) {
        tooSmall.push(
          `${file.path ?? 'a page'}:${node.position?.start.line ?? '?'}: this diagram is ${diagram.width} px wide, so its text would be ${px.toFixed(1)} px on a 1440 px screen (at least ${MIN_TEXT_PX} px needed). Lay it out top to bottom or left to right, break long labels with <br/>, or split it (CONTRIBUTING.md, "Diagrams").`,
        );
      }
      parent.children![index] = {
        type: 'mdxJsxFlowElement',
        name: COMPONENT,
        attributes: [
          attribute('id', id),
          attribute('width', String(diagram.width)),
          attribute('height', String(diagram.height)),
        ],
        children: [],
      };
    }
    if (tooSmall.length > 0) throw new Error(tooSmall.join('\n'));
    tree.children?.unshift(importNode());
  };
}
