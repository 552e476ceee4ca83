/**
 * What an operation module's `require` answers where there is no Node `require` to give it: the
 * CommonJS exports of OPERATION_RUNTIME, imported statically so a bundler includes them (the
 * browser's twin, ./browser.ts, and the published single file, ../standalone.ts).
 */
import ucs2length from 'ajv/dist/runtime/ucs2length';
import equal from 'ajv/dist/runtime/equal';
import { fullFormats } from 'ajv-formats/dist/formats';
import type { OPERATION_RUNTIME } from './types';

const RUNTIME: Record<(typeof OPERATION_RUNTIME)[number], unknown> = {
  'ajv/dist/runtime/ucs2length': { default: ucs2length },
  'ajv/dist/runtime/equal': { default: equal },
  'ajv-formats/dist/formats': { fullFormats },
};

/**
 * `require` for the generated operation modules.
 * @throws Error naming the module when it is not one of OPERATION_RUNTIME.
 */
export function runtimeRequire(id: string): unknown {
  if (!(id in RUNTIME)) throw new Error(`an operation module needs ${id}, which is not bundled`);
  return RUNTIME[id as keyof typeof RUNTIME];
}
