import { connect } from 'node:net';

/** An answer as it came off the wire: status, and every header line in order (duplicates kept). */
export interface RawAnswer {
  /** HTTP status, or 0 for an HTTP/0.9 answer (a body with no status line and no headers). */
  status: number;
  headers: [string, string][];
  /** Raw bytes of the head (status line and headers), for messages. */
  head: string;
}

/**
 * Sends one request exactly as given, bytes and all (control characters, backslashes, odd
 * methods, 64 KB targets): what an HTTP client library would refuse or normalise. Reads the
 * head only, then closes.
 * @param origin `http://host:port`; @param target the request-target, sent verbatim.
 * @param headers extra header lines; `Host` and `Connection: close` are always sent.
 * @throws Error when the server neither answers nor closes within 5 s.
 */
export function rawRequest(
  origin: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  const lines = [
    `${method} ${target} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let data = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${method} ${JSON.stringify(target.slice(0, 80))} in 5 s`));
    }, 5000);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseHead(data.toString('latin1')));
    };
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      if (data.includes('\r\n\r\n')) finish();
    });
    socket.on('end', finish);
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // A reset after the server answered and closed early (e.g. a 414 mid-upload) still counts
      // as the answer already read.
      if (data.length) finish();
      else {
        clearTimeout(timer);
        reject(err);
      }
    });
    socket.write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'));
  });
}

function parseHead(text: string): RawAnswer {
  if (!text.startsWith('HTTP/')) return { status: 0, headers: [], head: text.slice(0, 200) };
  const head = text.split('\r\n\r\n')[0];
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = lines.map((l): [string, string] => {
    const i = l.indexOf(':');
    return [l.slice(0, i).toLowerCase(), l.slice(i + 1).trim()];
  });
  return { status: Number(statusLine.split(' ')[1]), headers, head };
}

/** Values of header `name` (lower case) in `answer`, in order. */
export const headerValues = (answer: RawAnswer, name: string) =>
  answer.headers.filter(([k]) => k === name).map(([, v]) => v);
