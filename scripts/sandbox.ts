/**
 * `npm run sandbox`: the sandbox twin over HTTP on 127.0.0.1:${PORT} (default 4010), answering
 * every API by path, so code written for the sandbox hosts needs only a new base URL
 * (README "Sandbox twin"; design/sandbox-twin.md). Stops on Ctrl+C. `SANDBOX_NOW` (ISO 8601)
 * starts its clock at that instant.
 */
import { startSandboxServer } from '../plugins/sandbox-twin/node';
import { describeTwin } from '../plugins/sandbox-twin/server';

const raw = process.env.PORT ?? '4010';
const port = Number(raw);
if (!/^\d+$/.test(raw) || port > 65535) {
  console.error(`PORT must be a port number (0–65535), not ${JSON.stringify(raw)}`);
  process.exit(1);
}
// SANDBOX_NOW (ISO 8601) starts the twin's clock at that instant, and it runs from there: the
// sample run sets the examples' day, so their time slots and holds are in the future.
const start = process.env.SANDBOX_NOW;
const startMs = start === undefined ? undefined : Date.parse(start);
if (startMs !== undefined && Number.isNaN(startMs)) {
  console.error(
    `SANDBOX_NOW must be an ISO 8601 time such as 2026-03-14T15:30:00Z, not ${JSON.stringify(start)}`,
  );
  process.exit(1);
}
const offset = startMs === undefined ? 0 : startMs - Date.now();
try {
  const { origin } = await startSandboxServer(
    process.cwd(),
    port,
    '127.0.0.1',
    () => Date.now() + offset,
  );
  for (const line of await describeTwin(origin)) console.log(line);
} catch (error) {
  console.error(`The sandbox twin did not start: ${(error as Error).message}`);
  process.exit(1);
}
