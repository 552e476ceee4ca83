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
import {tokenLinesHtml} from '@site/plugins/static-highlight/lines-html';
import {CodeTokensContext} from './tokensContext';
// Upstream's stylesheet, not a copy: an upgrade brings its fixes (tests/unit/ejected-theme.test.ts).
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

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
  // CUSTOM: the same array while the code is the same (the lines' HTML is memoized on it).
  const plain = useMemo(() => plainTokens(code), [code]);
  return fromBuild ?? fromBrowser ?? plain;
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
  // CUSTOM: without line numbers, the lines are one HTML string (the same markup as Line's),
  // which React hydrates as one element instead of one per line and token. The `__html`
  // object must keep its identity while the markup is the same: React sets `innerHTML` again
  // whenever the object changes, and the block re-renders after hydration (word wrap's state),
  // with a new `lineClassNames` object each time.
  const lineClassKey = JSON.stringify(lineClassNames);
  const innerHtml = useMemo(
    () =>
      lineNumbersStart === undefined
        ? {__html: tokenLinesHtml(lines, JSON.parse(lineClassKey))}
        : null,
    [lines, lineClassKey, lineNumbersStart],
  );
  return (
    <Pre
      ref={wordWrap.codeBlockRef}
      className={clsx(classNameProp, `prism-code language-${language}`)}>
      {innerHtml !== null ? (
        <Code dangerouslySetInnerHTML={innerHtml} />
      ) : (
        <Code>
          {lines.map((line, i) => (
            <Line
              key={i}
              line={line}
              getLineProps={getLineProps}
              getTokenProps={getTokenProps}
              classNames={lineClassNames[i]}
              showLineNumbers
            />
          ))}
        </Code>
      )}
    </Pre>
  );
}
