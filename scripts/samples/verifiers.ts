/**
 * Blocks that are not requests to Aisle. Callback signature code is run against a signed
 * example (CONTRIBUTING.md "Callbacks": `X-Aisle-Signature: t=<unix>,v1=<hex HMAC-SHA256 of
 * "t.body">`, older than 5 minutes rejected):
 * - a Python or JavaScript verifier function is called with a good signature (must accept), a
 *   changed body and a 10-minute-old timestamp (must refuse);
 * - a shell block that signs and sends a callback to the reader's endpoint sends it to a local
 *   receiver that checks the signature.
 * Every other block is listed with what it is.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { Classified } from './classify';
import type { CodeSample } from './extract';
import { runProgram } from './execute';
import { PYTHON } from './prepare';
import type { Outcome } from './report';

/** The signed example: a `picking` callback of the example order (CONTRIBUTING.md). */
export const EXAMPLE_CALLBACK = JSON.stringify({
  event_id: 'evt_7KQ2M9XD4R',
  event_type: 'picking',
  occurred_at: '2026-03-14T16:05:22Z',
  order_id: 'ord-20260314-0007',
  user_id: 'cust-8812',
  data: { status: 'picking', workflow: 'delivery', store_location: '0142' },
});

/** `X-Aisle-Signature` of `body` at Unix time `t` with `secret`. */
export function signature(secret: string, t: number, body: string): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** Port of the local callback receiver (the task's range 4411–4419; 4411–4413 are proxies). */
const RECEIVER_PORT = Number(process.env.SAMPLES_RECEIVER_PORT ?? 4414);

/** Callback endpoints the pages send signed examples to. */
const CALLBACK_ENDPOINTS = /https?:\/\/(?:localhost:8080|shop\.fresh-market\.example)(?=\/)/g;

const PY_FUNCTION = /^def (\w*(?:verif|signature)\w*)\(([^)]*)\)/m;
const JS_FUNCTION =
  /^(?:export\s+)?(?:async\s+)?function (\w*(?:verif|signature|signatureOk)\w*)\(([^)]*)\)/im;

function pythonHarness(name: string, params: string, secret: string): string {
  const count = params.split(',').filter((p) => p.trim()).length;
  const third =
    count < 3
      ? ''
      : /list|\[\]|secrets/i.test(params)
        ? `, [${JSON.stringify(secret)}]`
        : `, ${JSON.stringify(secret)}`;
  return `

import time as _time
_body = ${JSON.stringify(EXAMPLE_CALLBACK)}.encode()
def _sig(t, body):
    import hashlib as _h, hmac as _m
    return f"t={t},v1=" + _m.new(${JSON.stringify(secret)}.encode(), f"{t}.".encode() + body, _h.sha256).hexdigest()
_now = int(_time.time())
_results = [
    ${name}(_sig(_now, _body), _body${third}) is True,
    ${name}(_sig(_now, _body), _body + b" "${third}) is False,
    ${name}(_sig(_now - 600, _body), _body${third}) is False,
]
print("VERIFIER", _results)
raise SystemExit(0 if all(_results) else 3)
`;
}

function javascriptHarness(name: string, params: string, secret: string): string {
  const count = params.split(',').filter((p) => p.trim()).length;
  const third =
    count < 3
      ? ''
      : /secrets/i.test(params)
        ? `, [${JSON.stringify(secret)}]`
        : `, ${JSON.stringify(secret)}`;
  return `

{
  const { createHmac: _hmac } = await import("node:crypto");
  const _body = Buffer.from(${JSON.stringify(EXAMPLE_CALLBACK)});
  const _sig = (t, body) => \`t=\${t},v1=\` + _hmac("sha256", ${JSON.stringify(secret)}).update(\`\${t}.\`).update(body).digest("hex");
  const _now = Math.floor(Date.now() / 1000);
  const _results = [
    (await ${name}(_sig(_now, _body), _body${third})) === true,
    (await ${name}(_sig(_now, _body), Buffer.concat([_body, Buffer.from(" ")])${third})) === false,
    (await ${name}(_sig(_now - 600, _body), _body${third})) === false,
  ];
  console.log("VERIFIER", _results);
  process.exit(_results.every(Boolean) ? 0 : 3);
}
`;
}

/** Runs a shell block that signs and sends a callback, against a receiver that checks it. */
async function runSigner(
  sample: CodeSample,
  env: Record<string, string>,
  secret: string,
): Promise<Outcome> {
  const received: { signature: string; body: string; valid: boolean }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = String(req.headers['x-aisle-signature'] ?? '');
      const t = Number(/t=(\d+)/.exec(header)?.[1]);
      const valid =
        Number.isFinite(t) &&
        Math.abs(Date.now() / 1000 - t) <= 300 &&
        header === signature(secret, t, body);
      received.push({ signature: header, body, valid });
      res.writeHead(valid ? 200 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(RECEIVER_PORT, '127.0.0.1', resolve));
  try {
    const code = sample.code.replace(CALLBACK_ENDPOINTS, `http://127.0.0.1:${RECEIVER_PORT}`);
    const run = await runProgram(['bash', 'sample.sh'], { 'sample.sh': code }, env, 20_000);
    const problems: string[] = [];
    if (run.exit !== 0) problems.push(`exited with code ${run.exit}`);
    if (received.length !== 1)
      problems.push(`sent ${received.length} callbacks to the receiver, not 1`);
    for (const r of received)
      if (!r.valid) problems.push(`signature ${r.signature} does not match its body`);
    return {
      sample,
      kind: 'verifier',
      state: problems.length ? 'failed' : 'passed',
      command:
        'bash sample.sh (callback endpoint → a local receiver that checks X-Aisle-Signature)',
      problems,
      exchanges: [],
      run,
      note: 'signs and sends a callback',
    };
  } finally {
    await new Promise((r) => server.close(r));
  }
}

/**
 * Runs or lists one block that is not a request (`classified.kind` is `other`).
 * @param secret the callback secret the signed example uses (`AISLE_CALLBACK_SECRET` in `env`).
 */
export async function runVerifier(
  sample: CodeSample,
  classified: Classified,
  env: Record<string, string>,
  secret: string,
): Promise<Outcome> {
  const notRun = (reason: string): Outcome => ({
    sample,
    kind: 'other',
    state: 'not-run',
    reason,
    problems: [],
    exchanges: [],
  });
  if (!/callback signature/.test(classified.reason)) return notRun(classified.reason);
  if (sample.language === 'curl' || sample.language === 'shell') {
    if (!CALLBACK_ENDPOINTS.test(sample.code))
      return notRun(`${classified.reason}: sends to no known callback endpoint`);
    CALLBACK_ENDPOINTS.lastIndex = 0;
    return runSigner(sample, env, secret);
  }
  let program: string;
  let command: string[];
  let file: string;
  if (sample.language === 'python') {
    const m = PY_FUNCTION.exec(sample.code);
    if (!m) return notRun(`${classified.reason}: no verifier function to call`);
    file = 'verifier.py';
    program = sample.code + pythonHarness(m[1], m[2], secret);
    command = [PYTHON, file];
  } else if (sample.language === 'javascript') {
    const m = JS_FUNCTION.exec(sample.code);
    if (!m) return notRun(`${classified.reason}: no verifier function to call`);
    file = 'verifier.mjs';
    // A receiver that listens on the reader's port listens on a free one here; the harness exits.
    program =
      sample.code.replace(/\.listen\(\s*\d+\s*\)/g, '.listen(0, "127.0.0.1")') +
      javascriptHarness(m[1], m[2], secret);
    command = ['node', file];
  } else {
    return notRun(classified.reason);
  }
  const run = await runProgram(command, { [file]: program }, env, 20_000);
  if (/ModuleNotFoundError: No module named '(\w+)'/.test(run.stderr)) {
    const missing = /No module named '(\w+)'/.exec(run.stderr)![1];
    return notRun(`${classified.reason}: needs the Python module ${missing}, not installed`);
  }
  const problems =
    run.exit === 0
      ? []
      : [
          `the verifier ${run.exit === 3 ? 'gave a wrong answer' : `exited with code ${run.exit}`}: ${run.stdout.trim().slice(-300)}`,
        ];
  return {
    sample,
    kind: 'verifier',
    state: problems.length ? 'failed' : 'passed',
    command: `${command.join(' ')} (the block, then calls with a signed example, a changed body and a 10-minute-old timestamp)`,
    problems,
    exchanges: [],
    run,
    note: 'callback signature verifier',
  };
}
