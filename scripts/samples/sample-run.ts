/**
 * One sample, prepared (hosts, credentials, input files), run through a recording proxy and
 * judged (check.ts). Shared by the single runs and the tutorials' steps.
 */
import { readsBaseUrl, type Classified } from './classify';
import { checkRun } from './check';
import { runProgram } from './execute';
import type { CodeSample } from './extract';
import { inputFiles } from './inputs';
import type { Operations } from './operations';
import {
  NO_PAUSE_FILES,
  PYTHON,
  fileName,
  fillPlaceholders,
  instrumentCurl,
  rewriteHosts,
  runCommand,
  runEnvironment,
  type SampleCredentials,
} from './prepare';
import type { Outcome } from './report';
import type { RecordingProxy } from './twin';

/** What every run needs: the operations, the credentials and the sample environment. */
export interface RunContext {
  ops: Operations;
  creds: SampleCredentials;
  env: Record<string, string>;
  timeoutMs: number;
}

/** Literal values replaced before a run (a tutorial's ids carried from an earlier answer). */
export type Substitutions = [example: string, actual: string][];

function substitute(text: string, substitutions: Substitutions): string {
  return substitutions.reduce((t, [from, to]) => t.split(from).join(to), text);
}

/**
 * Runs `sample` through `proxy`. A `function` sample is only loaded (`python3 -m py_compile`,
 * `node --check`, `bash -n`); a sample that reads a file no page gives is not run.
 */
export async function runSample(
  ctx: RunContext,
  sample: CodeSample,
  classified: Classified,
  proxy: RecordingProxy,
  substitutions: Substitutions = [],
): Promise<Outcome> {
  // A sample that reads the sample environment runs as copied: only its environment is set.
  const asCopied = readsBaseUrl(sample.code) && !substitutions.length;
  let code = asCopied
    ? sample.code
    : substitute(
        rewriteHosts(fillPlaceholders(sample.code, ctx.creds), proxy.origin),
        substitutions,
      );
  if (sample.language === 'curl' && classified.kind === 'request' && !asCopied)
    code = instrumentCurl(code);
  const env = asCopied
    ? { ...ctx.env, ...runEnvironment(sample.code, ctx.creds, proxy.origin) }
    : ctx.env;
  const file = fileName(sample);
  if (classified.kind === 'function') {
    const command =
      sample.language === 'python'
        ? [PYTHON, '-m', 'py_compile', file]
        : sample.language === 'javascript'
          ? ['node', '--check', file]
          : ['bash', '-n', file];
    const run = await runProgram(command, { [file]: code }, env, ctx.timeoutMs);
    return {
      sample,
      kind: classified.kind,
      state: run.exit === 0 ? 'passed' : 'failed',
      command: command.join(' '),
      problems: run.exit === 0 ? [] : [`does not load: ${run.stderr.trim().slice(-500)}`],
      exchanges: [],
      run,
      note: classified.reason,
    };
  }
  const inputs = inputFiles(sample);
  if (inputs.missing.length) {
    return {
      sample,
      kind: classified.kind,
      state: 'not-run',
      reason: `reads ${inputs.missing.join(', ')}, which no page gives`,
      problems: [],
      exchanges: [],
    };
  }
  const files = Object.fromEntries(
    Object.entries(inputs.files).map(([name, content]) => [
      name,
      substitute(content, substitutions),
    ]),
  );
  proxy.take();
  const command = runCommand(sample, file);
  const run = await runProgram(
    command,
    { ...NO_PAUSE_FILES, ...files, [file]: code },
    { ...env, PYTHONPATH: '.' },
    ctx.timeoutMs,
  );
  const exchanges = proxy.take();
  const problems = checkRun(sample, classified, run, exchanges, ctx.ops);
  return {
    sample,
    kind: classified.kind,
    state: problems.length ? 'failed' : 'passed',
    asCopied,
    command: command.join(' '),
    problems,
    exchanges,
    run,
  };
}
