/**
 * Judging a sample's run: its exit code, the requests it sent (recorded by the proxy), each
 * answer's status against the status the page documents, and each body against the
 * operation's response schema.
 */
import type { Classified } from './classify';
import type { CodeSample } from './extract';
import type { ProcessResult } from './execute';
import type { Operations } from './operations';
import { CURL_STATUS_MARKER } from './prepare';
import type { Exchange } from './twin';

/** Problems found in one run; empty when the sample passed. */
export function checkRun(
  sample: CodeSample,
  classified: Classified,
  run: ProcessResult,
  exchanges: Exchange[],
  ops: Operations,
): string[] {
  const problems: string[] = [];
  if (run.timedOut) problems.push('did not finish within the time limit');
  else if (run.exit !== 0) problems.push(`exited with code ${run.exit}`);
  if (!exchanges.length) {
    problems.push('sent no request to the twin');
    return problems;
  }
  if (classified.kind === 'request') {
    if (exchanges.length > 1) {
      problems.push(`sent ${exchanges.length} requests where the page shows one`);
    }
    const exchange = exchanges[0];
    const path = exchange.url.split('?')[0];
    const op = ops.match(exchange.method, path);
    if (!op) {
      problems.push(`${exchange.method} ${path} is no operation of openapi/*.yaml`);
      return problems;
    }
    if (sample.pageEndpoint && !op.path.endsWith(sample.pageEndpoint.path)) {
      problems.push(
        `called ${op.method} ${op.path}, the page documents ${sample.pageEndpoint.method} ${sample.pageEndpoint.path}`,
      );
    }
    const expected = sample.pageStatuses?.length
      ? sample.pageStatuses
      : [sample.pageStatus ?? op.success].filter((s) => s !== undefined);
    if (!expected.length) problems.push(`${op.operationId} documents no success status`);
    else if (!expected.includes(exchange.status)) {
      problems.push(`answered ${exchange.status}, the page documents ${expected.join(' or ')}`);
    }
    const body = ops.checkBody(op, exchange.status, exchange.body);
    if (!body.ok)
      problems.push(
        `body does not match ${op.operationId} ${exchange.status}: ${body.errors.slice(0, 5).join('; ')}`,
      );
    const printed = new RegExp(`${CURL_STATUS_MARKER} (\\d{3})`).exec(run.stdout);
    if (printed && Number(printed[1]) !== exchange.status) {
      problems.push(`curl printed status ${printed[1]}, the twin answered ${exchange.status}`);
    }
    return problems;
  }
  // A script: every answer a success its operation documents, with a valid body; a status the
  // page states applies to the last request.
  exchanges.forEach((exchange, i) => {
    const path = exchange.url.split('?')[0];
    const op = ops.match(exchange.method, path);
    const where = `request ${i + 1} (${exchange.method} ${exchange.url})`;
    if (!op) {
      problems.push(`${where} is no operation of openapi/*.yaml`);
      return;
    }
    const last = i === exchanges.length - 1;
    const expected = last && sample.pageStatus ? sample.pageStatus : undefined;
    if (expected !== undefined && exchange.status !== expected) {
      problems.push(`${where} answered ${exchange.status}, the page documents ${expected}`);
    } else if (expected === undefined && (exchange.status < 200 || exchange.status > 299)) {
      problems.push(`${where} answered ${exchange.status}, not a success`);
    }
    const body = ops.checkBody(op, exchange.status, exchange.body);
    if (!body.ok)
      problems.push(
        `${where}: body does not match ${op.operationId} ${exchange.status}: ${body.errors.slice(0, 5).join('; ')}`,
      );
  });
  return problems;
}
