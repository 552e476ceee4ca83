/**
 * The guides' end-to-end tutorials, run as a reader follows them: their samples in page order
 * against one twin state (one reset before the first step, none between steps), once per
 * language the page offers, with the ids a step needs carried from an earlier step's answer.
 *
 * How a step's placeholder is filled (`fill`): the page prints an example value (`hold_5RZ8W2`)
 * where the reader puts a value from an earlier answer; the runner replaces that literal, in the
 * step's code and in the files it reads, by the value at `path` in the last answer of step
 * `from`. Each fill quotes the page's words that ask for it. A step the page only describes
 * ("reserve it exactly as for delivery") runs the block it points to.
 */
import type { Classified } from './classify';
import type { CodeSample } from './extract';
import { rewriteHosts } from './prepare';
import type { Outcome } from './report';
import { runSample, type RunContext, type Substitutions } from './sample-run';
import type { RecordingProxy } from './twin';

type ChainLanguage = 'curl' | 'python' | 'javascript';

/** A value carried from an earlier step's answer into this step. */
interface Fill {
  /** The literal the page shows. */
  example: string;
  /** Index of the earlier step in `steps`. */
  from: number;
  /** Dotted path in that step's last JSON answer (`service_options.0.id`). */
  path: string;
  /** The page's words that ask for it. */
  why: string;
}

/** A request a reset is arranged for (`POST /__twin/reset` takes one or several). */
interface Before {
  method: string;
  url: string;
  body?: string;
}

interface Step {
  /** Page of the block; the tutorial's page when omitted. */
  page?: string;
  /** Index of the block on its page, or one per chain language (a tab group). */
  block: number | Record<ChainLanguage, number>;
  fill?: Fill[];
}

interface Tutorial {
  page: string;
  languages: ChainLanguage[];
  /**
   * The requests the single reset before the first step is arranged for: the order creation,
   * with the `order_id` of its body, so the order the tutorial creates does not exist yet, and
   * any request whose literal the page does not carry from an answer (a slot id).
   */
  before: Before[];
  steps: Step[];
}

const DELIVERY = '/connect/fulfillment_guide/tutorials/implement_delivery';
const PICKUP = '/connect/fulfillment_guide/tutorials/implement_pickup';
const LAST_MILE = '/connect/fulfillment_guide/tutorials/implement_last_mile';
const SIMULATE = '/connect/sandbox_guide/tutorials/simulate_a_delivery_order';
const FULFILLMENT_START = '/connect/fulfillment_guide/get_started';
const SANDBOX_START = '/connect/sandbox_guide/get_started';
const ORDERS = 'https://connect.aisle.example/v2/fulfillment/users/cust-8812/orders';
const order = (orderId: string) => JSON.stringify({ order_id: orderId });

/** The four tutorials of the Fulfillment and Sandbox guides. */
export const TUTORIALS: Tutorial[] = [
  {
    page: DELIVERY,
    // Step 3 gives Python and Node.js as functions to call from checkout, so only cURL runs
    // the whole flow; the functions are loaded (see the report).
    languages: ['curl'],
    before: [{ method: 'POST', url: `${ORDERS}/delivery`, body: order('ord-20260314-0007') }],
    steps: [
      { block: 1 },
      {
        block: 2,
        fill: [
          {
            example: 'so_41873',
            from: 0,
            path: 'service_options.0.id',
            why: 'Step 2: "When the customer chooses a slot, reserve it" (the first slot offered)',
          },
        ],
      },
      {
        block: { curl: 4, python: 5, javascript: 6 },
        fill: [
          {
            example: 'hold_5RZ8W2',
            from: 1,
            path: 'id',
            why: 'Step 3: the body is Get started\'s order.json, whose service_option_hold_id is the hold of step 2 ("Store the hold `id`")',
          },
        ],
      },
    ],
  },
  {
    page: PICKUP,
    languages: ['curl', 'python', 'javascript'],
    // Step 2 reserves the page's slot so_52310, step 3 creates ord-20260314-0011.
    before: [
      {
        method: 'POST',
        url: 'https://connect.aisle.example/v2/fulfillment/users/cust-8812/service_options/so_52310/reserve',
      },
      { method: 'POST', url: `${ORDERS}/pickup`, body: order('ord-20260314-0011') },
    ],
    steps: [
      { block: 1 },
      { block: 2 },
      {
        block: { curl: 5, python: 6, javascript: 7 },
        fill: [
          {
            example: 'hold_7KM3Q9',
            from: 1,
            path: 'id',
            why: 'Step 3: pickup_order.json holds the hold of step 2 as service_option_hold_id',
          },
        ],
      },
      { block: 11 },
    ],
  },
  {
    page: LAST_MILE,
    // Step 3 gives Python and Node.js as functions; only cURL runs the whole flow.
    languages: ['curl'],
    before: [{ method: 'POST', url: `${ORDERS}/last_mile`, body: order('ord-20260314-0015') }],
    steps: [
      { block: 1 },
      {
        // "Reserve the chosen option with Reserve a service option, exactly as for delivery."
        page: DELIVERY,
        block: 2,
        fill: [
          {
            example: 'so_41873',
            from: 0,
            path: 'service_options.0.id',
            why: 'Step 1: "Reserve the chosen option … exactly as for delivery" (the first slot offered)',
          },
        ],
      },
      {
        block: 2,
        fill: [
          {
            example: 'hold_2QF8N6',
            from: 1,
            path: 'id',
            why: 'Step 1: "The answer is a hold, `hold_2QF8N6`"; step 2 sends it as service_option_hold_id',
          },
        ],
      },
      { block: { curl: 4, python: 5, javascript: 6 } },
      { block: 10 },
    ],
  },
  {
    page: SIMULATE,
    languages: ['curl', 'python', 'javascript'],
    // Step 1 creates the sandbox user: the reset leaves cust-8812 out.
    before: [
      {
        method: 'POST',
        url: 'https://connect.aisle.example/v2/fulfillment_sandbox/users',
        body: JSON.stringify({ user_id: 'cust-8812' }),
      },
      { method: 'POST', url: `${ORDERS}/delivery`, body: order('ord-20260314-0007') },
    ],
    steps: [
      // Step 1: "Create cust-8812 with Create a sandbox user, as in Get started with the sandbox".
      { page: SANDBOX_START, block: { curl: 1, python: 2, javascript: 3 } },
      // "List time slots, reserve one and create the delivery order with the hold's id, exactly
      // as in steps 5 to 8 of Get started with the Fulfillment API" (step 6 creates the user,
      // done above with the sandbox operation).
      { page: FULFILLMENT_START, block: 3 },
      {
        page: FULFILLMENT_START,
        block: 6,
        fill: [
          {
            example: 'so_41873',
            from: 1,
            path: 'service_options.0.id',
            why: 'Get started step 7 reserves the slot chosen in step 5 (the first offered)',
          },
        ],
      },
      {
        page: FULFILLMENT_START,
        block: { curl: 9, python: 10, javascript: 11 },
        fill: [
          {
            example: 'hold_5RZ8W2',
            from: 2,
            path: 'id',
            why: 'Get started step 8: order.json carries "the hold\'s id" as service_option_hold_id',
          },
        ],
      },
      { block: { curl: 1, python: 2, javascript: 3 } },
    ],
  },
];

/** `page#index` of the tutorials' own blocks: they run as steps, not one by one. */
export const TUTORIAL_BLOCKS = new Set(
  TUTORIALS.flatMap((t) =>
    t.steps
      .filter((step) => (step.page ?? t.page) === t.page)
      .flatMap((step) =>
        (typeof step.block === 'number'
          ? [step.block]
          : t.languages.map((l) => (step.block as Record<ChainLanguage, number>)[l])
        ).map((index) => `${t.page}#${index}`),
      ),
  ),
);

/** The value at a dotted path (`a.0.b`) of a JSON text, or undefined. */
export function valueAt(json: string, path: string): string | undefined {
  let node: unknown;
  try {
    node = JSON.parse(json);
  } catch {
    return undefined;
  }
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'string' || typeof node === 'number' ? String(node) : undefined;
}

/**
 * Runs every tutorial chain. One outcome per step; a step whose block is missing from its page
 * fails (the page changed: update TUTORIALS).
 */
export async function runTutorials(
  samples: CodeSample[],
  classified: Map<CodeSample, Classified>,
  ctx: RunContext,
  proxy: RecordingProxy,
  twinOrigin: string,
  resetTwin: (before?: Before | Before[]) => Promise<void>,
  include: (page: string) => boolean = () => true,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const tutorial of TUTORIALS.filter((t) => include(t.page))) {
    for (const language of tutorial.languages) {
      await resetTwin(tutorial.before.map((b) => ({ ...b, url: rewriteHosts(b.url, twinOrigin) })));
      const answers: (string | undefined)[] = [];
      for (const [i, step] of tutorial.steps.entries()) {
        const page = step.page ?? tutorial.page;
        const index = typeof step.block === 'number' ? step.block : step.block[language];
        const sample = samples.find((s) => s.page === page && s.index === index);
        const note = `tutorial ${tutorial.page} (${language}), step ${i + 1} of ${tutorial.steps.length}`;
        if (!sample) {
          const stand = samples.find((s) => s.page === tutorial.page)!;
          outcomes.push({
            sample: stand,
            kind: 'step',
            state: 'failed',
            problems: [
              `${page} has no block #${index}: update TUTORIALS in scripts/samples/tutorials.ts`,
            ],
            exchanges: [],
            note,
          });
          answers.push(undefined);
          continue;
        }
        const substitutions: Substitutions = [];
        const carried: string[] = [];
        for (const fill of step.fill ?? []) {
          const value =
            answers[fill.from] !== undefined ? valueAt(answers[fill.from]!, fill.path) : undefined;
          if (value !== undefined) {
            substitutions.push([fill.example, value]);
            carried.push(`${fill.example} ← step ${fill.from + 1} ${fill.path} = ${value}`);
          } else {
            carried.push(`${fill.example} kept: step ${fill.from + 1} gave no ${fill.path}`);
          }
        }
        const outcome = await runSample(ctx, sample, classified.get(sample)!, proxy, substitutions);
        answers.push(outcome.exchanges.at(-1)?.body);
        outcomes.push({
          ...outcome,
          kind: 'step',
          note: carried.length ? `${note}; ${carried.join('; ')}` : note,
        });
      }
    }
  }
  return outcomes;
}
