/**
 * The first Send of every operation's Try it panel, in Node, with the panel's own code
 * (theme/TryIt/request.ts, prepare.ts, credential.ts) against the sandbox twin: a fresh world,
 * the prefilled request with no field edited, the sandbox credential the panel gets by itself,
 * the operation's preparation (`x-aisle-try-it`) when it has one. Each must answer its
 * documented success with a body valid against the definition (issue: "Run it on the first
 * try"). tests/e2e/try-it-sweep.spec.ts does the same through the built pages in Chromium.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createNodeTwin, type NodeTwin } from '../../plugins/sandbox-twin/node';
import type { RouteSpec } from '../../plugins/sandbox-twin/generate';
import type { OperationSpec, TwinRequest } from '../../plugins/sandbox-twin/twin/types';
import { moduleKey } from '../../plugins/sandbox-twin/twin/types';
import {
  accessToken,
  takesToken,
  testKey,
  tokenRequest,
} from '../../plugins/sandbox-twin/theme/TryIt/credential';
import { buildRequest, initialDraft } from '../../plugins/sandbox-twin/theme/TryIt/request';
import { freshDraft, freshId, pointerGet } from '../../plugins/sandbox-twin/theme/TryIt/fresh';
import { runPrepare } from '../../plugins/sandbox-twin/theme/TryIt/prepare';
import { Operations } from '../../scripts/samples/operations';
import { errorCases } from '../../plugins/sandbox-twin/theme/TryIt/error-cases';
import { readTryItExtension } from '../../plugins/sandbox-twin/try-it-extension';

const CACHE = join(process.cwd(), 'node_modules', '.cache', 'sandbox-twin');
let clock = Date.now();
let twin: NodeTwin;
let routes: RouteSpec[];
let operations: Operations;
const specs = new Map<string, OperationSpec>();

async function load(key: string): Promise<OperationSpec> {
  const found = specs.get(key);
  if (found) return found;
  const file = join(CACHE, 'ops', `${key}.js`);
  const mod = (await import(/* @vite-ignore */ file)) as {
    default: (r: NodeJS.Require) => { spec: OperationSpec };
  };
  const spec = mod.default(require).spec;
  specs.set(key, spec);
  return spec;
}

/** A reader's pace: each request 150 ms after the last, under the sandbox's rate limits. */
function send(request: TwinRequest) {
  clock += 150;
  return twin.handle(request);
}

/** The credential the panel fills in by itself. */
async function credential(op: OperationSpec): Promise<string> {
  const key = testKey(op);
  if (key) return key;
  if (!takesToken(op) || !op.security) return '';
  const token = accessToken(await send(tokenRequest(op.security.scopes)));
  if (!token) throw new Error(`no sandbox token for ${op.security.scopes.join(' ')}`);
  return `Bearer ${token}`;
}

/** The first Send of an operation's panel: its status and body. */
async function firstSend(op: OperationSpec) {
  let draft = freshDraft(initialDraft(op), op.tryIt?.fresh);
  if (op.security) draft.headers[op.security.header] = await credential(op);
  const prepared = await runPrepare(op, draft, { load, send, credential });
  if (!prepared.ok) return { status: 0, body: '', prepared };
  draft = prepared.draft;
  const res = await send(buildRequest(op, draft));
  return { status: res.status, body: res.body, prepared };
}

beforeAll(async () => {
  twin = await createNodeTwin(process.cwd(), 'http://127.0.0.1:4010', () => clock);
  routes = JSON.parse(readFileSync(join(CACHE, 'routes.json'), 'utf8')) as RouteSpec[];
  operations = await Operations.load(process.cwd());
}, 60_000);

describe('Try it: the first Send of every operation succeeds', () => {
  it('answers every operation with its documented success and a valid body, fresh and again after a reset', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const op = await load(moduleKey(route));
      const documented = op.responses.find((r) => r.status < 300)?.status;
      const schemaOp = operations.all.find(
        (o) => o.api === op.api && o.operationId === op.operationId,
      );
      for (const round of ['fresh', 'after a reset']) {
        await twin.reset();
        const { status, body, prepared } = await firstSend(op);
        const check = schemaOp && status ? operations.checkBody(schemaOp, status, body) : undefined;
        if (status !== documented || (check && !check.ok))
          failures.push(
            `${moduleKey(route)} (${round}): ${status || 'prepare failed'} where ${documented} is documented` +
              (prepared.ok ? '' : `; ${prepared.message}`) +
              (check && !check.ok
                ? `; body: ${check.errors.join('; ')}`
                : `; ${body.slice(0, 200)}`),
          );
      }
    }
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(84);
  }, 120_000);

  it('gives a creating call a fresh id and Idempotency-Key per send, so a second Send succeeds too', async () => {
    await twin.reset();
    const op = await load('fulfillment/create_user');
    expect(op.tryIt?.fresh).toEqual(['/user_id']);
    const first = await firstSend(op);
    const second = await firstSend(op);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(JSON.parse(first.body).user_id).not.toBe(JSON.parse(second.body).user_id);
  });

  it('says why a preparation cannot succeed, and leaves the example world as it was', async () => {
    await twin.reset();
    const op = await load('fulfillment/create_delivery_order');
    const draft = initialDraft(op);
    draft.path.user_id = 'cust-0000';
    draft.headers.Authorization = await credential(op);
    const prepared = await runPrepare(op, draft, { load, send, credential });
    expect(prepared.ok).toBe(false);
    if (prepared.ok) return;
    expect(prepared.calls).toHaveLength(1);
    expect(prepared.code).toBe(1016);
    expect(prepared.message).toMatch(/cust-0000/);
    // The world still has its example customer's order, untouched.
    const get = await send({
      method: 'GET',
      url: 'https://connect.sandbox.aisle.example/v2/fulfillment/users/cust-8812/orders/ord-20260314-0007',
      headers: { Authorization: draft.headers.Authorization },
    });
    expect(get.status).toBe(200);
  });
});

describe('Try it: the menu of documented errors', () => {
  it('gets each offered error from the sandbox with its documented status and code', async () => {
    const wrong: string[] = [];
    let offered = 0;
    let documented = 0;
    for (const route of routes) {
      const op = await load(moduleKey(route));
      await twin.reset();
      let draft = freshDraft(initialDraft(op), op.tryIt?.fresh);
      if (op.security) draft.headers[op.security.header] = await credential(op);
      for (const c of errorCases(op, draft)) {
        documented++;
        if (!c.plan) continue;
        offered++;
        await twin.reset();
        clock += 1_100;
        draft = freshDraft(initialDraft(op), op.tryIt?.fresh);
        if (op.security)
          draft.headers[op.security.header] = c.plan.scopes
            ? `Bearer ${accessToken(await send(tokenRequest(c.plan.scopes)))}`
            : await credential(op);
        // The case's drafts are made from the draft the reader has, prepared when it needs it.
        const base = c.plan.prepare
          ? await runPrepare(op, draft, { load, send, credential })
          : { ok: true as const, draft };
        if (!base.ok) {
          wrong.push(`${op.api}/${op.operationId} ${c.status} ${c.code}: prepare failed`);
          continue;
        }
        const plan = errorCases(op, base.draft).find((x) => x.code === c.code)?.plan ?? c.plan;
        const scoped = plan.scopes ? draft.headers[op.security?.header ?? ''] : undefined;
        let last = { status: 0, body: '' };
        for (const d of plan.drafts) {
          if (scoped !== undefined && op.security) d.headers[op.security.header] = scoped;
          last = await twin.handle(buildRequest(op, d));
        }
        const code = (JSON.parse(last.body || '{}') as { errors?: { code: number }[] }).errors?.[0]
          ?.code;
        if (last.status !== c.status || code !== c.code)
          wrong.push(
            `${op.api}/${op.operationId}: ${c.how} → ${last.status} ${code}, documented ${c.status} ${c.code}`,
          );
      }
    }
    expect(wrong).toEqual([]);
    expect(offered).toBeGreaterThan(documented / 2);
  }, 120_000);
});

describe('Try it: fresh ids', () => {
  it('keeps the documented shape with at least six new digits', () => {
    expect(freshId('ord-20260314-0007')).toMatch(/^ord-20260314-\d{6}$/);
    expect(freshId('cust-8812')).toMatch(/^cust-\d{6}$/);
    expect(freshId('lnk_ABC')).toMatch(/^lnk_ABC-\d{6}$/);
  });

  it('leaves a body that is not JSON as the reader typed it', () => {
    const draft = { server: '', path: {}, query: {}, headers: {}, body: '{"user_id": ' };
    expect(freshDraft(draft, ['/user_id']).body).toBe('{"user_id": ');
    expect(pointerGet({ a: [{ b: 1 }] }, '/a/0/b')).toBe(1);
  });
});

describe('x-aisle-try-it in a definition', () => {
  const read = (raw: unknown) => readTryItExtension(raw, 'fulfillment', 'fulfillment/op');

  it('reads steps in Arazzo words, across definitions', () => {
    const spec = read({
      fresh: ['/order_id'],
      prepare: {
        summary: 'approve a token',
        description: 'Why,\n  and how.',
        steps: [
          {
            stepId: 'approve',
            operationId: '$sourceDescriptions.sandbox.authorize_platform_user',
            requestBody: { replacements: [{ target: '/status', value: 'approved' }] },
            outputs: { token: '$response.body#/linking_token' },
          },
        ],
        requestBody: {
          replacements: [{ target: '/linking_token', value: '$steps.approve.outputs.token' }],
        },
      },
    });
    expect(spec?.prepare?.steps[0].operation).toBe('sandbox/authorize_platform_user');
    expect(spec?.prepare?.description).toBe('Why, and how.');
  });

  it('refuses a malformed extension with the operation and the field named', () => {
    expect(() => read('yes')).toThrow(/fulfillment\/op: x-aisle-try-it must be an object/);
    expect(() => read({ fresh: ['order_id'] })).toThrow(/x-aisle-try-it\.fresh must be/);
    expect(() => read({ prepare: { summary: 's', description: 'd', steps: [] } })).toThrow(
      /prepare\.steps must list at least one step/,
    );
    expect(() =>
      read({
        prepare: {
          summary: 's',
          description: 'd',
          steps: [{ stepId: 'a', operationId: 'x', outputs: { id: '$response.header.X' } }],
        },
      }),
    ).toThrow(/steps\[0\]\.outputs must map/);
    expect(() =>
      read({
        prepare: {
          summary: 's',
          description: 'd',
          steps: [{ stepId: 'a', operationId: 'x' }],
          parameters: [{ name: 'user_id', in: 'path', value: '$inputs.user' }],
        },
      }),
    ).toThrow(/not a runtime expression this panel evaluates: \$inputs\.user/);
  });

  it('names only operations, steps and body fields that exist', async () => {
    for (const route of routes) {
      const op = await load(moduleKey(route));
      const plan = op.tryIt?.prepare;
      const body = op.requestBody?.example;
      for (const p of op.tryIt?.fresh ?? []) expect(pointerGet(body, p), p).toBeDefined();
      if (!plan) continue;
      const stepIds: string[] = [];
      for (const step of plan.steps) {
        const stepOp = await load(step.operation);
        for (const r of step.replacements ?? [])
          expect(pointerGet(stepOp.requestBody?.example, r.target), r.target).toBeDefined();
        stepIds.push(step.stepId);
      }
      for (const r of plan.replacements ?? [])
        expect(pointerGet(body, r.target), `${op.operationId} ${r.target}`).toBeDefined();
      for (const value of [...(plan.replacements ?? []), ...(plan.parameters ?? [])].map(
        (x) => x.value,
      )) {
        const m = /^\$steps\.([\w-]+)\./.exec(String(value));
        if (m) expect(stepIds).toContain(m[1]);
      }
    }
  });
});
