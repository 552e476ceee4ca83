/**
 * Ejected from @docusaurus/theme-classic 3.10.2, lib/theme/CodeBlock/Content/index.js.
 *
 * Upstream tokenizes with prism-react-renderer's `<Highlight>` while rendering, which puts
 * Prism in every page's bundle and re-tokenizes every block during hydration. Here the tokens
 * come from the build (plugins/static-highlight); the Prism theme's styles are applied the
 * same way. Blocks without build-time tokens render plain, then Prism is loaded on demand.
 * Changes are marked `// CUSTOM`.
 */
import React, { useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import { usePrismTheme } from '@docusaurus/theme-common';
import type { LineInputProps, TokenInputProps } from 'prism-react-renderer';
import Line from '@theme/CodeBlock/Line';
import type { Props } from '@theme/CodeBlock/Content';
import { decodeTokens, plainTokens, type Token } from '@site/plugins/static-highlight/tokens';
import { CodeTokensContext } from './tokensContext';
import { themeToDict, tokenStyle } from './themeStyles';
import styles from './styles.module.css';

const Pre = React.forwardRef<HTMLPreElement, React.ComponentProps<'pre'>>((props, ref) => (
  <pre
    ref={ref}
    // Focusable so keyboard users can scroll a wide block (upstream's choice).
    tabIndex={0}
    {...props}
    className={clsx(props.className, styles.codeBlock, 'thin-scrollbar')}
  />
));
Pre.displayName = 'Pre';

function Code(props: React.ComponentProps<'code'>) {
  const { metadata } = useCodeBlockContext();
  return (
    <code
      {...props}
      className={clsx(
        props.className,
        styles.codeBlockLines,
        metadata.lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering,
      )}
      style={{
        ...props.style,
        counterReset:
          metadata.lineNumbersStart === undefined
            ? undefined
            : `line-count ${metadata.lineNumbersStart - 1}`,
      }}
    />
  );
}

// CUSTOM: token lines from the build when they fit the code shown; otherwise plain lines
// until Prism, loaded on demand after mount, has tokenized the code.
function useTokenLines(code: string, language: string): Token[][] {
  const encoded = useContext(CodeTokensContext);
  const fromBuild = useMemo(() => (encoded ? decodeTokens(encoded, code) : null), [encoded, code]);
  const [fromBrowser, setFromBrowser] = useState<Token[][] | null>(null);
  useEffect(() => {
    if (fromBuild) return undefined;
    let current = true;
    import('./runtimeTokens')
      .then(({ tokenize }) => current && setFromBrowser(tokenize(code, language)))
      .catch((error: unknown) => console.error('Code block: Prism failed to load', error));
    return () => {
      current = false;
    };
  }, [fromBuild, code, language]);
  return fromBuild ?? fromBrowser ?? plainTokens(code);
}

/** The highlighted `<pre>` of a code block; reads everything from the code block context. */
export default function CodeBlockContent({ className: classNameProp }: Props): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const { code, language, lineNumbersStart, lineClassNames } = metadata;
  // CUSTOM: replaces <Highlight>'s render props with the same class names and styles.
  const lines = useTokenLines(code, language);
  const dict = useMemo(() => themeToDict(prismTheme, language), [prismTheme, language]);
  const getLineProps = ({ className, style, line: _line, ...rest }: LineInputProps) => ({
    ...rest,
    className: clsx('token-line', className),
    style: { ...dict.plain, ...style },
  });
  const getTokenProps = ({ token, className, style, ...rest }: TokenInputProps) => ({
    ...rest,
    className: clsx('token', ...token.types, className),
    children: token.content,
    style: style ? { ...tokenStyle(dict, token), ...style } : tokenStyle(dict, token),
  });
  return (
    <Pre
      ref={wordWrap.codeBlockRef}
      className={clsx(classNameProp, `prism-code language-${language}`)}
      style={dict.root}
    >
      <Code>
        {lines.map((line, i) => (
          <Line
            key={i}
            line={line}
            getLineProps={getLineProps}
            getTokenProps={getTokenProps}
            classNames={lineClassNames[i]}
            showLineNumbers={lineNumbersStart !== undefined}
          />
        ))}
      </Code>
    </Pre>
  );
}
