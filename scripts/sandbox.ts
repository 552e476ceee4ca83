/**
 * `npm run sandbox`: the sandbox twin over HTTP on 127.0.0.1:${PORT} (default 4010), answering
 * every API by path, so code written for the sandbox hosts needs only a new base URL
 * (README "Sandbox twin"; design/sandbox-twin.md). Stops on Ctrl+C. Options after `--`, as the
 * published single file takes them (`--help`): `--callback-url URL` also delivers every
 * callback to URL. `SANDBOX_NOW` (ISO 8601), like `--now`, starts its clock at that instant.
 */
import { startSandboxServer } from '../plugins/sandbox-twin/node';
import { describeTwin, parseServerArgs } from '../plugins/sandbox-twin/server';

const now = process.env.SANDBOX_NOW;
const parsed = parseServerArgs(
  [...(now === undefined ? [] : ['--now', now]), ...process.argv.slice(2)],
  process.env,
);
if ('message' in parsed) {
  (parsed.exit ? console.error : console.log)(parsed.message);
  process.exit(parsed.exit);
}
// The clock runs from --now: the sample run sets the examples' day, so their time slots and
// holds are in the future.
const offset = parsed.nowMs === undefined ? 0 : parsed.nowMs - Date.now();
try {
  const { origin } = await startSandboxServer(
    process.cwd(),
    parsed.port,
    parsed.host,
    () => Date.now() + offset,
    parsed,
  );
  for (const line of await describeTwin(origin)) console.log(line);
  if (parsed.callbackUrl)
    console.log(`  deliveries:   GET ${origin}/__twin/deliveries (to ${parsed.callbackUrl})`);
} catch (error) {
  console.error(`The sandbox twin did not start: ${(error as Error).message}`);
  process.exit(1);
}
