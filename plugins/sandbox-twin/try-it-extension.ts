/**
 * Reads an operation's `x-aisle-try-it` extension (design/try-it.md, "First send") into the
 * TryItSpec its operation module carries. The extension uses Arazzo 1.0's vocabulary for the
 * calls that prepare the sandbox (steps with `stepId`, `operationId`, `parameters`,
 * `requestBody.replacements`, `outputs`, runtime expressions), so a reader of the definition
 * and a later Arazzo export read the same words:
 *
 * ```yaml
 * x-aisle-try-it:
 *   fresh: [/order_id]                # body values given a fresh id per send
 *   prepare:
 *     summary: reserve a time slot     # the control reads "Prepare: reserve a time slot"
 *     description: Why, and what the steps do.
 *     steps:
 *       - stepId: hold
 *         operationId: reserve_service_option   # or $sourceDescriptions.<api>.<operationId>
 *         parameters: [{ name: user_id, in: path, value: $request.path.user_id }]
 *         requestBody: { replacements: [{ target: /status, value: approved }] }
 *         fresh: [/user_id]
 *         outputs: { hold_id: $response.body#/id }
 *     parameters: [...]                 # what the steps give the prepared request
 *     requestBody: { replacements: [{ target: /service_option_hold_id, value: $steps.hold.outputs.hold_id }] }
 * ```
 */
import type {
  PrepareParameter,
  PreparePlan,
  PrepareReplacement,
  PrepareStep,
  TryItSpec,
} from './twin/types';

/** The runtime expressions a preparation may use (Arazzo 1.0 "Runtime Expressions", a subset). */
export const EXPRESSION =
  /^\$(?:request\.(?:path|query|header)\.[\w-]+|request\.body#(?:\/[^/]*)*|steps\.[\w-]+\.outputs\.[\w-]+)$/;
const OUTPUT = /^\$response\.body#(?:\/[^/]*)*$/;
const POINTER = /^(?:\/[^/]*)+$/;
const ID = /^[A-Za-z0-9_-]+$/;

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The TryItSpec of one operation, or undefined when it has no extension.
 * @param raw the extension's value as parsed from YAML.
 * @param api the definition's id (`fulfillment`): a step's plain `operationId` is in it.
 * @param where `<api>/<operationId>`, for error messages.
 * @throws Error naming `where` and the field when the extension is malformed.
 */
export function readTryItExtension(
  raw: unknown,
  api: string,
  where: string,
): TryItSpec | undefined {
  if (raw === undefined) return undefined;
  const bad = (path: string, what: string): never => {
    throw new Error(`[sandbox-twin] ${where}: x-aisle-try-it${path} ${what}`);
  };
  if (!isRecord(raw)) bad('', 'must be an object');
  const ext = raw as Raw;
  const pointers = (value: unknown, path: string): string[] | undefined => {
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.some((p) => typeof p !== 'string' || !POINTER.test(p)))
      bad(path, 'must be a list of JSON Pointers such as /order_id');
    return value as string[];
  };
  const checkValue = (value: unknown, path: string) => {
    if (typeof value === 'string' && value.startsWith('$') && !EXPRESSION.test(value))
      bad(path, `is not a runtime expression this panel evaluates: ${value}`);
  };
  const parameters = (value: unknown, path: string): PrepareParameter[] | undefined => {
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) bad(path, 'must be a list');
    return (value as unknown[]).map((p, i) => {
      const at = `${path}[${i}]`;
      if (
        !isRecord(p) ||
        typeof p.name !== 'string' ||
        !['path', 'query', 'header'].includes(String(p.in))
      )
        bad(at, 'needs a name and in: path, query or header');
      const param = p as Raw;
      checkValue(param.value, `${at}.value`);
      return {
        name: param.name as string,
        in: param.in as PrepareParameter['in'],
        value: param.value,
      };
    });
  };
  const replacements = (value: unknown, path: string): PrepareReplacement[] | undefined => {
    if (value === undefined) return undefined;
    if (!isRecord(value) || !Array.isArray(value.replacements))
      bad(path, 'must be { replacements: [...] }');
    return ((value as Raw).replacements as unknown[]).map((r, i) => {
      const at = `${path}.replacements[${i}]`;
      if (!isRecord(r) || typeof r.target !== 'string' || !POINTER.test(r.target))
        bad(at, 'needs a target JSON Pointer');
      const rep = r as Raw;
      checkValue(rep.value, `${at}.value`);
      return { target: rep.target as string, value: rep.value };
    });
  };
  const spec: TryItSpec = {};
  const fresh = pointers(ext.fresh, '.fresh');
  if (fresh) spec.fresh = fresh;
  if (ext.prepare !== undefined) {
    if (!isRecord(ext.prepare)) bad('.prepare', 'must be an object');
    const prepare = ext.prepare as Raw;
    if (typeof prepare.summary !== 'string' || typeof prepare.description !== 'string')
      bad('.prepare', 'needs a summary and a description');
    if (!Array.isArray(prepare.steps) || prepare.steps.length === 0)
      bad('.prepare.steps', 'must list at least one step');
    const seen = new Set<string>();
    const steps = (prepare.steps as unknown[]).map((s, i): PrepareStep => {
      const at = `.prepare.steps[${i}]`;
      if (!isRecord(s) || typeof s.stepId !== 'string' || !ID.test(s.stepId))
        bad(at, 'needs a stepId of letters, digits, _ and -');
      const step = s as Raw;
      if (seen.has(step.stepId as string)) bad(at, `repeats the stepId ${String(step.stepId)}`);
      seen.add(step.stepId as string);
      const id = String(step.operationId ?? '');
      const cross = /^\$sourceDescriptions\.([\w-]+)\.(\w+)$/.exec(id);
      if (!cross && !/^\w+$/.test(id))
        bad(
          `${at}.operationId`,
          'must be an operationId or $sourceDescriptions.<api>.<operationId>',
        );
      const outputs = step.outputs;
      if (
        outputs !== undefined &&
        (!isRecord(outputs) ||
          Object.values(outputs).some((o) => typeof o !== 'string' || !OUTPUT.test(o)))
      )
        bad(`${at}.outputs`, 'must map names to $response.body#/<pointer>');
      return {
        stepId: step.stepId as string,
        operation: cross ? `${cross[1]}/${cross[2]}` : `${api}/${id}`,
        ...(step.parameters !== undefined && {
          parameters: parameters(step.parameters, `${at}.parameters`),
        }),
        ...(step.requestBody !== undefined && {
          replacements: replacements(step.requestBody, `${at}.requestBody`),
        }),
        ...(step.fresh !== undefined && { fresh: pointers(step.fresh, `${at}.fresh`) }),
        ...(outputs !== undefined && { outputs: outputs as Record<string, string> }),
      };
    });
    const plan: PreparePlan = {
      summary: prepare.summary as string,
      description: (prepare.description as string).replace(/\s+/g, ' ').trim(),
      steps,
    };
    const given = parameters(prepare.parameters, '.prepare.parameters');
    if (given) plan.parameters = given;
    const replaced = replacements(prepare.requestBody, '.prepare.requestBody');
    if (replaced) plan.replacements = replaced;
    spec.prepare = plan;
  }
  return spec;
}
