/**
 * Renders generated API pages (plugins/openapi-pages) to static HTML for unit tests: Tabs as a
 * plain wrapper, TabItem as a div carrying its label, ApiDetails as the native element it
 * renders, ApiExpandAll as nothing (it renders only once hydrated), TryIt as a marker naming
 * its API and operation.
 */
import { evaluate } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import ApiField from '../../plugins/openapi-pages/theme/ApiField';

const wrap = (tag: string) => {
  const Wrapper = ({ children }: { children?: ReactNode }) => createElement(tag, null, children);
  Wrapper.displayName = `Stub(${tag})`;
  return Wrapper;
};

const TabItem = ({ label, children }: { label?: string; children?: ReactNode }) =>
  createElement('div', { 'data-label': label }, children);

const ApiDetails = ({
  summary,
  status,
  note,
  open,
  children,
}: {
  summary: string;
  status?: string;
  note?: string;
  open?: boolean;
  children?: ReactNode;
}) =>
  createElement(
    'details',
    { open },
    createElement('summary', null, [status, summary, note].filter(Boolean).join(' ')),
    children,
  );

/** The stand-ins for the pages' theme components. */
export const stubComponents: Record<string, ComponentType<never>> = {
  Tabs: wrap('section'),
  TabItem,
  ApiDetails,
  // The real one: it only wraps the field's blocks in their divs.
  ApiField: ApiField as ComponentType<never>,
  ApiExpandAll: () => null,
  TryIt: ({ api, operationId }: { api: string; operationId: string }) =>
    createElement('div', { 'data-try-it': `${api}:${operationId}` }),
};

/**
 * Compiles one MDX file (front matter and import lines dropped) to its content component.
 * @throws the MDX compiler's error for invalid MDX.
 */
export async function mdxContent(mdx: string): Promise<ComponentType<{ components?: object }>> {
  const body = mdx.replace(/^---[\s\S]*?---\n/, '').replace(/^import .*$/gm, '');
  const { default: Content } = await evaluate(body, {
    ...runtime,
    Fragment,
    remarkPlugins: [remarkGfm],
  } as never);
  return Content as ComponentType<{ components?: object }>;
}

/**
 * Renders generated MDX to static HTML with the stand-ins, and `more` components (e.g. the
 * partials a page imports).
 */
export async function toHtml(
  mdx: string,
  more: Record<string, ComponentType<never>> = {},
): Promise<string> {
  const Content = await mdxContent(mdx);
  return renderToStaticMarkup(
    createElement(Content, { components: { ...stubComponents, ...more } }),
  );
}
