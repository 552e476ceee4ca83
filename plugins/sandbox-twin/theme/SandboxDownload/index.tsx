/**
 * The single-file sandbox twin's download (plugins/sandbox-twin/bundle.ts): link, version, size
 * and SHA-256 from the sandbox-twin plugin's global data, and the commands that fetch, check and
 * start it (worded in ./markdown.ts, which the page's Markdown twin uses too). Under
 * `docusaurus start` the file is not built; the block says so.
 */
import React, { type ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { usePluginData } from '@docusaurus/useGlobalData';
import { downloadCommands, megabytes, type SandboxDownloadData } from './markdown';
import './styles.css';

/** The download block; takes no props. */
export default function SandboxDownload(): ReactNode {
  const data = usePluginData('sandbox-twin') as SandboxDownloadData;
  const { siteConfig } = useDocusaurusContext();
  const file = data.url.split('/').pop();
  if (!('sha256' in data))
    return (
      <p>
        The file is built by <code>npm run build</code>; this preview does not build it.
      </p>
    );
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
        {downloadCommands(`${siteConfig.url}${data.url}`, data.sha256)}
      </CodeBlock>
    </>
  );
}
