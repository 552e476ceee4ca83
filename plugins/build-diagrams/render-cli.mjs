/**
 * Renders mermaid diagrams to SVG in Debian's Chromium through mermaid-isomorphic (the renderer
 * behind rehype-mermaid), in a child process of the build: mermaid-isomorphic is an ES module
 * that the build's TypeScript loader cannot import, and the browser's memory stays out of the
 * build process.
 *
 * stdin: JSON `{ items: [{ id, code }], modes: { light: MermaidConfig, dark: MermaidConfig } }`. stdout: JSON `[{ id, light, dark }]`, each mode `{ svg, width, height }`
 * (width and height of the viewBox, CSS px) or `{ error }` with mermaid's message; the light
 * mode also has `fontSize`, the smallest text in the drawing at scale 1 (CSS px).
 * Exit code 1 with a message on stderr when the browser cannot start.
 */
import { createMermaidRenderer } from 'mermaid-isomorphic';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { items, modes } = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const render = createMermaidRenderer({
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
});

/** Both modes of every item; the same ids in both, so their markup can be compared. */
async function renderAll() {
  const codes = items.map((item) => item.code);
  const results = {};
  for (const [mode, mermaidConfig] of Object.entries(modes)) {
    // One page per mode; the renderer numbers ids `${prefix}-${index}`, renamed below.
    results[mode] = await render(codes, { prefix: 'aisle-diagram', mermaidConfig });
  }
  return items.map((item, index) => {
    const out = { id: item.id };
    for (const mode of Object.keys(modes)) {
      const result = results[mode][index];
      out[mode] =
        result.status === 'fulfilled'
          ? {
              // The renderer's id becomes the item's id (a hash), unique on any page.
              svg: result.value.svg.replace(new RegExp(`${result.value.id}(?!\\d)`, 'g'), item.id),
              width: result.value.width,
              height: result.value.height,
            }
          : { error: String(result.reason?.message ?? result.reason) };
    }
    return out;
  });
}

/**
 * The smallest font size of any text in each SVG, drawn at its own width (scale 1), in CSS px.
 * Mermaid's sizes come from its style sheet and inline styles, so they are read from the
 * computed style of every element that holds text.
 */
async function smallestText(svgs) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    return await page.evaluate((list) => {
      return list.map((svg) => {
        const box = document.createElement('div');
        box.innerHTML = svg;
        document.body.replaceChildren(box);
        const root = box.querySelector('svg');
        box.style.width = `${root.viewBox.baseVal.width}px`;
        let min = Infinity;
        for (const element of root.querySelectorAll('*')) {
          const own = [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== '',
          );
          if (own) min = Math.min(min, parseFloat(getComputedStyle(element).fontSize));
        }
        return Number.isFinite(min) ? min : null;
      });
    }, svgs);
  } finally {
    await browser.close();
  }
}

try {
  const rendered = await renderAll();
  const ok = rendered.filter((r) => r.light.svg);
  const sizes = await smallestText(ok.map((r) => r.light.svg));
  ok.forEach((r, index) => {
    r.light.fontSize = sizes[index];
  });
  process.stdout.write(JSON.stringify(rendered));
} catch (error) {
  process.stderr.write(`Could not render diagrams in Chromium (${CHROMIUM_PATH}): ${error.message}\n`);
  process.exit(1);
}
