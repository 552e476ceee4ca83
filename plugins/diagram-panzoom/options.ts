/**
 * Options of the diagram pan/zoom plugin, under `themeConfig.diagramPanZoom` (not `zoom`,
 * which docusaurus-plugin-image-zoom owns). Defaults are the specification's (§9 "Pan/zoom"
 * and "Diagram zoom helper").
 */
export interface DiagramPanZoomOptions {
  /** CSS selectors of the diagrams to enhance. */
  selectors: string[];
  /** Elements inside (or with) this class are left alone. */
  excludeClass: string;
  /** Delay after each route change before diagrams are enhanced, ms. */
  startDelayMs: number;
  wheel: boolean;
  shiftWheel: boolean;
  doubleClickReset: boolean;
  minScale: number;
  maxScale: number;
  step: number;
  /** Animation duration, ms, with an ease-in-out curve. */
  durationMs: number;
  toolbar: {
    enabled: boolean;
    opacity: number;
    position: 'top-right' | 'top-left' | 'bottom-right' | 'bottom-left';
  };
}

export const DEFAULT_OPTIONS: DiagramPanZoomOptions = {
  selectors: ['.docusaurus-mermaid-container', 'div.mermaid[data-processed="true"]', '.drawio'],
  excludeClass: 'panzoom-exclude',
  startDelayMs: 1000,
  wheel: true,
  shiftWheel: false,
  doubleClickReset: true,
  minScale: 0.125,
  maxScale: 4,
  step: 0.3,
  durationMs: 200,
  toolbar: { enabled: false, opacity: 0, position: 'top-right' },
};
