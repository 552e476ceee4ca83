/**
 * Running one prepared program in a fresh temporary folder, with a time limit and the
 * sample environment, and collecting its exit code and output.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a program did. `exit` is null when it was killed at the time limit. */
export interface ProcessResult {
  exit: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  timedOut: boolean;
}

/** Output kept per stream, in characters (the report shows the end). */
const OUTPUT_LIMIT = 20_000;

/**
 * Runs `command` in a new folder holding `files` (name → content), then deletes the folder.
 * @param timeoutMs the process group is killed after this many milliseconds.
 */
export async function runProgram(
  command: string[],
  files: Record<string, string>,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<ProcessResult> {
  const dir = await mkdtemp(join(tmpdir(), 'aisle-sample-'));
  try {
    for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), content);
    const started = Date.now();
    return await new Promise<ProcessResult>((resolve) => {
      const child = spawn(command[0], command.slice(1), {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? dir, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let stdout = '';
      let stderr = '';
      let timedOut = false;
      child.stdout.on(
        'data',
        (d: Buffer) => (stdout = (stdout + d.toString()).slice(-OUTPUT_LIMIT)),
      );
      child.stderr.on(
        'data',
        (d: Buffer) => (stderr = (stderr + d.toString()).slice(-OUTPUT_LIMIT)),
      );
      const timer = setTimeout(() => {
        timedOut = true;
        if (child.pid !== undefined) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }, timeoutMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        resolve({
          exit: 127,
          stdout,
          stderr: `${stderr}${error.message}`,
          ms: Date.now() - started,
          timedOut,
        });
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({
          exit: timedOut ? null : code,
          stdout,
          stderr,
          ms: Date.now() - started,
          timedOut,
        });
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs `tasks` with at most `width` at once, in order of start; results in task order. */
export async function pool<T>(
  width: number,
  tasks: ((slot: number) => Promise<T>)[],
): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async (slot: number) => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i](slot);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, (_, slot) => worker(slot)),
  );
  return results;
}
