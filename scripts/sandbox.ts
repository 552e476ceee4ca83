/**
 * `npm run sandbox`: the sandbox twin over HTTP on 127.0.0.1:${PORT} (default 4010), answering
 * every API by path, so code written for the sandbox hosts needs only a new base URL
 * (README "Sandbox twin"; design/sandbox-twin.md). Stops on Ctrl+C.
 */
import { startSandboxServer } from '../plugins/sandbox-twin/node';

const raw = process.env.PORT ?? '4010';
const port = Number(raw);
if (!/^\d+$/.test(raw) || port > 65535) {
  console.error(`PORT must be a port number (0–65535), not ${JSON.stringify(raw)}`);
  process.exit(1);
}
try {
  const { origin } = await startSandboxServer(process.cwd(), port);
  console.log(`Sandbox twin on ${origin}`);
  console.log(`  credentials:  GET ${origin}/__twin`);
  console.log(`  token:        POST ${origin}/v2/oauth/token`);
  console.log(`  callbacks:    GET ${origin}/__twin/callbacks`);
} catch (error) {
  console.error(`The sandbox twin did not start: ${(error as Error).message}`);
  process.exit(1);
}
