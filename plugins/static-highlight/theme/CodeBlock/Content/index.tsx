/**
 * Ejected from @docusaurus/theme-classic 3.10.2, lib/theme/CodeBlock/Content/index.js.
 *
 * Upstream tokenizes with prism-react-renderer's `<Highlight>` while rendering, which puts
 * Prism in every page's bundle and re-tokenizes every block during hydration. Here the tokens
 * come from the build (plugins/static-highlight) and are rendered as class names only: the
 * Prism themes' colours are CSS that plugin writes per colour mode, so the markup is the same
 * on the server and in the browser in either mode. Blocks without build-time tokens render
 * plain, then Prism is loaded on demand. Changes are marked `// CUSTOM`.
 */
import React, {
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {LineInputProps, TokenInputProps} from 'prism-react-renderer';
import Line from '@theme/CodeBlock/Line';
import type {Props} from '@theme/CodeBlock/Content';
import {
  decodeTokens,
  plainTokens,
  type Token,
} from '@site/plugins/static-highlight/tokens';
import {CodeTokensContext} from './tokensContext';
import styles from './styles.module.css';

const Pre = React.forwardRef<HTMLPreElement, React.ComponentProps<'pre'>>(
  (props, ref) => (
    <pre
      ref={ref}
      // Focusable so keyboard users can scroll a wide block (upstream's choice).
      tabIndex={0}
      {...props}
      className={clsx(props.className, styles.codeBlock, 'thin-scrollbar')}
    />
  ),
);
Pre.displayName = 'Pre';

function Code(props: React.ComponentProps<'code'>) {
  const {metadata} = useCodeBlockContext();
  return (
    <code
      {...props}
      className={clsx(
        props.className,
        styles.codeBlockLines,
        metadata.lineNumbersStart !== undefined &&
          styles.codeBlockLinesWithNumbering,
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
  const fromBuild = useMemo(
    () => (encoded ? decodeTokens(encoded, code) : null),
    [encoded, code],
  );
  const [fromBrowser, setFromBrowser] = useState<Token[][] | null>(null);
  useEffect(() => {
    if (fromBuild) return undefined;
    let current = true;
    import('./runtimeTokens')
      .then(({tokenize}) => current && setFromBrowser(tokenize(code, language)))
      .catch((error: unknown) =>
        console.error('Code block: Prism failed to load', error),
      );
    return () => {
      current = false;
    };
  }, [fromBuild, code, language]);
  return fromBuild ?? fromBrowser ?? plainTokens(code);
}

/** The highlighted `<pre>` of a code block; reads everything from the code block context. */
export default function CodeBlockContent({
  className: classNameProp,
}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  // CUSTOM: replaces <Highlight>'s render props with the same class names; colours are CSS.
  const lines = useTokenLines(code, language);
  const getLineProps = ({className, line: _line, ...rest}: LineInputProps) => ({
    ...rest,
    className: clsx('token-line', className),
  });
  const getTokenProps = ({
    token,
    className,
    style,
    ...rest
  }: TokenInputProps) => ({
    ...rest,
    className: clsx('token', ...token.types, className),
    children: token.content,
    // An empty token keeps an empty line's height (prism-react-renderer's rule).
    style: token.empty ? {display: 'inline-block', ...style} : style,
  });
  return (
    <Pre
      ref={wordWrap.codeBlockRef}
      className={clsx(classNameProp, `prism-code language-${language}`)}>
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
