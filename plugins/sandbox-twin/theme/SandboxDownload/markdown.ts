/**
 * The words of the single-file twin's download block, shared by `<SandboxDownload />`
 * (./index.tsx) and its Markdown rendering for the page's Markdown twin (plugins/markdown-twins),
 * so they are written once. No React import: the twins' plugin loads this in Node.
 */

/** The sandbox-twin plugin's global data (plugins/sandbox-twin/index.ts). */
export type SandboxDownloadData =
  | { version: string; bytes: number; sha256: string; url: string }
  | { version: 'dev'; url: string };

/** `1136720` → `1.1 MB` (decimal megabytes, as download pages give them). */
export function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * The shell lines that fetch the file from `absoluteUrl`, check it against `sha256` (hex) and
 * start it on port 4010.
 */
export function downloadCommands(absoluteUrl: string, sha256: string): string {
  const file = absoluteUrl.split('/').pop() ?? '';
  return [
    `curl --fail --silent --show-error --remote-name \\\n  ${absoluteUrl}`,
    `echo "${sha256}  ${file}" | sha256sum --check`,
    `node ${file} --port 4010`,
  ].join('\n');
}

/**
 * The block in Markdown: the link with version and size, the checksum, and the commands.
 * @param origin the site's origin, with or without its base path
 *   (`https://docs.aisle.example/docs`); `data.url` is a root-relative path that has the base.
 */
export function sandboxDownloadMarkdown(data: SandboxDownloadData, origin: string): string {
  if (!('sha256' in data)) return '';
  const absolute = `${new URL(origin).origin}${data.url}`;
  const file = data.url.split('/').pop();
  return [
    `[Download \`${file}\`](${absolute}) (version \`${data.version}\`, ${megabytes(data.bytes)}). SHA-256: \`${data.sha256}\``,
    '',
    '```bash',
    downloadCommands(absolute, data.sha256),
    '```',
  ].join('\n');
}
