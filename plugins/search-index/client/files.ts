/** The message a writer gets under `docusaurus start`, where the search files do not exist. */
export const PREVIEW_NO_INDEX =
  'the search index is built by "npm run build"; preview search with "npm run build && npm run serve"';

/**
 * Checks the answer to a request for a search file (manifest.json or a shard, both JSON): it
 * must be a success and not an HTML page. `docusaurus start` answers every path it does not know
 * with the app's HTML page and status 200, so without the second check the preview's search
 * failed with "manifest.json is not valid JSON" instead of saying how to get an index.
 * @param url the file's URL, named in the message.
 * @param response its status and headers.
 * @param development true under `docusaurus start` (`NODE_ENV` development): the message is
 *   {@link PREVIEW_NO_INDEX}.
 * @throws Error for a status outside 2xx or an HTML answer.
 */
export function checkSearchFile(
  url: string,
  response: Pick<Response, 'ok' | 'status' | 'headers'>,
  development: boolean,
): void {
  const html = /^text\/html\b/i.test(response.headers.get('content-type') ?? '');
  if (response.ok && !html) return;
  if (development) throw new Error(PREVIEW_NO_INDEX);
  throw new Error(
    response.ok
      ? `${url} answered a web page, not a search file`
      : `${url} answered HTTP ${response.status}`,
  );
}
