/**
 * Go and Java samples are compiled, not run (design/sample-execution.md has the measurements):
 * Go type-checked with `go vet` (Debian's golang-go) in one module, a package per sample; Java with one
 * `javac` for all samples, a package per sample. A generated Java sample is a statement list
 * (httpsnippet's `java nethttp`), so it is wrapped in a class with the imports it uses. A Java
 * sample that needs a library outside the JDK (the pages say which: jackson-databind) is parsed
 * only (`-XDshould-stop.at=PARSE`), since the library is not on this machine.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CodeSample } from './extract';
import type { Outcome } from './report';

/** Runs a command; resolves with its exit code and combined output (never rejects). */
function exec(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number; output: string; ms: number }>((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (error) =>
      resolve({ code: 127, output: error.message, ms: Date.now() - started }),
    );
    child.on('close', (code) => resolve({ code: code ?? 1, output, ms: Date.now() - started }));
  });
}

const JAVA_WRAP_IMPORTS = [
  'java.net.URI',
  'java.net.http.HttpClient',
  'java.net.http.HttpRequest',
  'java.net.http.HttpResponse',
];

/** Imports from outside the JDK: such a sample is parsed, not compiled. */
const OUTSIDE_JDK = /^import\s+(?!java\.|javax\.)[\w.]+/m;

/** A Java sample as a compilation unit in package `pkg`; the file name its public class needs. */
export function javaUnit(code: string, pkg: string): { file: string; source: string } {
  const klass = /public\s+(?:final\s+)?class\s+(\w+)/.exec(code)?.[1];
  if (klass || /^\s*(import|class|public|final)\s/m.test(code.replace(/^\s*\/\/.*$/gm, ''))) {
    return { file: `${klass ?? 'Sample'}.java`, source: `package ${pkg};\n${code}\n` };
  }
  // A statement list: wrapped in main().
  const body = code
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
  const imports = JAVA_WRAP_IMPORTS.map((i) => `import ${i};`).join('\n');
  return {
    file: 'Sample.java',
    source: `package ${pkg};\n${imports}\n\npublic class Sample {\n  public static void main(String[] args) throws Exception {\n${body}\n  }\n}\n`,
  };
}

/**
 * A Go sample as a buildable file: a `package main` without `func main` is a function the page
 * gives for the reader's own program, so it is built as a library package.
 */
export function goUnit(code: string): string {
  if (/^package main\b/m.test(code) && !/^func main\(\)/m.test(code)) {
    return code.replace(/^package main\b/m, 'package sample');
  }
  return code;
}

/** Per-file errors of javac or go output: `path:line…` lines, keyed by the sample's folder. */
function errorsBySample(output: string, folder: RegExp): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of output.split('\n')) {
    const m = folder.exec(line);
    if (!m) continue;
    out.set(m[1], [...(out.get(m[1]) ?? []), line.trim()]);
  }
  return out;
}

async function has(command: string): Promise<boolean> {
  return (await exec('sh', ['-c', `command -v ${command}`], tmpdir())).code === 0;
}

/** Compiles every Go and Java sample; one outcome each. */
export async function compileSamples(samples: CodeSample[]): Promise<Outcome[]> {
  const dir = await mkdtemp(join(tmpdir(), 'aisle-compile-'));
  const outcomes: Outcome[] = [];
  try {
    const go = samples.filter((s) => s.language === 'go');
    const java = samples.filter((s) => s.language === 'java');
    outcomes.push(...(await compileGo(go, join(dir, 'go'))));
    outcomes.push(...(await compileJava(java, join(dir, 'java'))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return outcomes;
}

async function compileGo(samples: CodeSample[], dir: string): Promise<Outcome[]> {
  if (!samples.length) return [];
  if (!(await has('go'))) {
    return samples.map((sample) => ({
      sample,
      kind: 'compile',
      state: 'not-run',
      reason: 'go is not installed (scripts/ensure-system-deps.sh --samples installs golang-go)',
      problems: [],
      exchanges: [],
    }));
  }
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'go.mod'), 'module aisle.example/samples\n\ngo 1.19\n');
  const names = samples.map((_, i) => `s${i}`);
  for (const [i, sample] of samples.entries()) {
    await mkdir(join(dir, names[i]));
    await writeFile(join(dir, names[i], 'main.go'), goUnit(sample.code));
  }
  // `go vet` type-checks every package as the compiler does, without linking 126 programs
  // (design/sample-execution.md: the link is most of `go build`'s time), with every check on,
  // httpresponse too: a response used before its error is checked fails the sample.
  const result = await exec('go', ['vet', './...'], dir, {
    GOFLAGS: '-mod=mod',
    GOTOOLCHAIN: 'local',
    GOPROXY: 'off',
  });
  const errors = errorsBySample(result.output, /^(?:vet: )?\.?\/?(s\d+)\//);
  const note = `go vet ./... over ${samples.length} samples in ${(result.ms / 1000).toFixed(1)} s`;
  return samples.map((sample, i) => {
    const problems = errors.get(names[i]) ?? [];
    if (result.code !== 0 && !errors.size && i === 0)
      problems.push(result.output.trim().slice(0, 800));
    return {
      sample,
      kind: 'compile',
      state: problems.length ? 'failed' : 'passed',
      command: `go vet ./${names[i]}`,
      problems,
      exchanges: [],
      note,
    };
  });
}

async function compileJava(samples: CodeSample[], dir: string): Promise<Outcome[]> {
  if (!samples.length) return [];
  if (!(await has('javac'))) {
    return samples.map((sample) => ({
      sample,
      kind: 'compile',
      state: 'not-run',
      reason:
        'javac is not installed (scripts/ensure-system-deps.sh --samples installs default-jdk-headless)',
      problems: [],
      exchanges: [],
    }));
  }
  const full: string[] = [];
  const parseOnly: string[] = [];
  const names = samples.map((_, i) => `s${i}`);
  for (const [i, sample] of samples.entries()) {
    const unit = javaUnit(sample.code, names[i]);
    await mkdir(join(dir, 'src', names[i]), { recursive: true });
    const path = join('src', names[i], unit.file);
    await writeFile(join(dir, path), unit.source);
    (OUTSIDE_JDK.test(sample.code) ? parseOnly : full).push(path);
  }
  const compile = await exec(
    'javac',
    ['-d', 'classes', '-nowarn', '-Xmaxerrs', '10000', ...full],
    dir,
  );
  const parse = parseOnly.length
    ? await exec(
        'javac',
        [
          '-XDshould-stop.ifError=PARSE',
          '-XDshould-stop.ifNoError=PARSE',
          '-d',
          'classes',
          ...parseOnly,
        ],
        dir,
      )
    : { code: 0, output: '', ms: 0 };
  const errors = errorsBySample(
    `${compile.output}\n${parse.output}`,
    /^src\/(s\d+)\/\S+\.java:\d+: error/,
  );
  const note = `javac: ${full.length} compiled in ${(compile.ms / 1000).toFixed(1)} s, ${parseOnly.length} parsed in ${(parse.ms / 1000).toFixed(1)} s`;
  return samples.map((sample, i) => {
    const problems = errors.get(names[i]) ?? [];
    const parsed = OUTSIDE_JDK.test(sample.code);
    return {
      sample,
      kind: 'compile',
      state: problems.length ? 'failed' : 'passed',
      command: parsed
        ? `javac (parse only: imports a library outside the JDK) ${names[i]}`
        : `javac ${names[i]}`,
      problems,
      exchanges: [],
      note,
    };
  });
}
