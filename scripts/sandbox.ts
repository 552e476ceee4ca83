/**
 * `npm run sandbox`: the sandbox twin over HTTP on 127.0.0.1:${PORT} (default 4010), answering
 * every API by path, so code written for the sandbox hosts needs only a new base URL
 * (README "Sandbox twin"; design/sandbox-twin.md). Stops on Ctrl+C. `SANDBOX_NOW` (ISO 8601)
 * starts its clock at that instant.
 */
import { startSandboxServer } from '../plugins/sandbox-twin/node';
import { SCOPES, TOKEN_PATH } from '../plugins/sandbox-twin/twin/auth';
import { CREDENTIALS } from '../plugins/sandbox-twin/twin/world';
import { sampleEnvironment } from '../src/data/facts/examples';

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
  // A token with every Connect scope, so a copied sample runs once the two variables are set.
  const answer = await fetch(`${origin}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: CREDENTIALS.client_id,
      client_secret: CREDENTIALS.client_secret,
      grant_type: 'client_credentials',
      scope: SCOPES.join(' '),
    }),
  });
  const { access_token: token } = (await answer.json()) as { access_token?: string };
  const { baseUrl, token: tokenVariable } = sampleEnvironment;
  console.log(`Sandbox twin on ${origin}`);
  console.log('');
  console.log('Run the samples of the API pages against it:');
  console.log(`  export ${baseUrl}=${origin}`);
  console.log(`  export ${tokenVariable}=${token ?? '(no token: see the message above)'}`);
  console.log(
    `The token has every Connect scope for 24 hours. For the key-based APIs, set ${tokenVariable} to their key:`,
  );
  for (const [api, key] of Object.entries(CREDENTIALS.api_keys))
    console.log(`  ${api.padEnd(18)} ${key}`);
  console.log('');
  console.log(`  credentials:  GET ${origin}/__twin`);
  console.log(`  token:        POST ${origin}${TOKEN_PATH}`);
  console.log(`  callbacks:    GET ${origin}/__twin/callbacks`);
} catch (error) {
  console.error(`The sandbox twin did not start: ${(error as Error).message}`);
  process.exit(1);
}
