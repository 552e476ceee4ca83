/**
 * The single-file sandbox twin's download (plugins/sandbox-twin/bundle.ts): link, version, size
 * and SHA-256 from the sandbox-twin plugin's global data, and the commands that fetch, check and
 * start it. Under `docusaurus start` the file is not built; the block says so.
 */
import React, { type ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { usePluginData } from '@docusaurus/useGlobalData';
import type { StandaloneInfo } from '../../bundle';
import './styles.css';

type Data = (StandaloneInfo | { version: 'dev' }) & { url: string };

/** `1136720` → `1.1 MB` (decimal megabytes, as download pages give them). */
function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The download block; takes no props. */
export default function SandboxDownload(): ReactNode {
  const data = usePluginData('sandbox-twin') as Data;
  const { siteConfig } = useDocusaurusContext();
  const file = data.url.split('/').pop() ?? 'aisle-sandbox.mjs';
  if (!('sha256' in data))
    return (
      <p>
        The file is built by <code>npm run build</code>; this preview does not build it.
      </p>
    );
  const absolute = `${siteConfig.url}${data.url}`;
  return (
    <>
      <p>
        <a href={data.url} download>
          Download <code>{file}</code>
        </a>{' '}
        (version <code>{data.version}</code>, {megabytes(data.bytes)}). SHA-256:{' '}
        <code className="aisle-sandbox-download__sha">{data.sha256}</code>
      </p>
      <CodeBlock language="bash" title="Fetch, check and start the twin">
        {[
          `curl --fail --silent --show-error --remote-name \\\n  ${absolute}`,
          `echo "${data.sha256}  ${file}" | sha256sum --check`,
          `node ${file} --port 4010`,
        ].join('\n')}
      </CodeBlock>
    </>
  );
}
