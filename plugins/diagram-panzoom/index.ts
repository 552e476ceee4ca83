/**
 * Local plugin `diagram-panzoom`: wheel zoom, drag pan, double-click reset and keyboard
 * zoom (+, −, 0, arrows) on mermaid and draw.io diagrams, built on @panzoom/panzoom. The
 * client module is tiny; @panzoom/panzoom itself is imported only on pages that have a
 * diagram. Options: `themeConfig.diagramPanZoom` (./options), validated below.
 */
import { join } from 'node:path';
import { Joi } from '@docusaurus/utils-validation';
import type { Plugin, ThemeConfigValidationContext } from '@docusaurus/types';
import { DEFAULT_OPTIONS, type DiagramPanZoomOptions } from './options';

const schema = Joi.object<DiagramPanZoomOptions>({
  selectors: Joi.array().items(Joi.string()).min(1).default(DEFAULT_OPTIONS.selectors),
  excludeClass: Joi.string().default(DEFAULT_OPTIONS.excludeClass),
  startDelayMs: Joi.number().min(0).default(DEFAULT_OPTIONS.startDelayMs),
  wheel: Joi.boolean().default(DEFAULT_OPTIONS.wheel),
  shiftWheel: Joi.boolean().default(DEFAULT_OPTIONS.shiftWheel),
  doubleClickReset: Joi.boolean().default(DEFAULT_OPTIONS.doubleClickReset),
  minScale: Joi.number().positive().default(DEFAULT_OPTIONS.minScale),
  maxScale: Joi.number().greater(Joi.ref('minScale')).default(DEFAULT_OPTIONS.maxScale),
  step: Joi.number().positive().default(DEFAULT_OPTIONS.step),
  durationMs: Joi.number().min(0).default(DEFAULT_OPTIONS.durationMs),
  toolbar: Joi.object({
    enabled: Joi.boolean().default(DEFAULT_OPTIONS.toolbar.enabled),
    opacity: Joi.number().min(0).max(1).default(DEFAULT_OPTIONS.toolbar.opacity),
    position: Joi.string()
      .valid('top-right', 'top-left', 'bottom-right', 'bottom-left')
      .default(DEFAULT_OPTIONS.toolbar.position),
  }).default(DEFAULT_OPTIONS.toolbar),
}).default(DEFAULT_OPTIONS);

/** The plugin; see the module comment. */
export default function diagramPanZoomPlugin(): Plugin {
  return {
    name: 'diagram-panzoom',
    getClientModules() {
      return [join(__dirname, 'client.ts')];
    },
  };
}

/**
 * Validates `themeConfig.diagramPanZoom`, filling defaults.
 * @throws the validation error, naming the bad key, when an option has the wrong type.
 */
diagramPanZoomPlugin.validateThemeConfig = ({
  themeConfig,
  validate,
}: ThemeConfigValidationContext<{ diagramPanZoom?: Partial<DiagramPanZoomOptions> }>) =>
  validate(Joi.object({ diagramPanZoom: schema }).unknown(), themeConfig);
