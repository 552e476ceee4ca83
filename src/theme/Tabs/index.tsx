/**
 * Ejected from @docusaurus/theme-classic 3.10.2, lib/theme/Tabs/index.js.
 *
 * Upstream keys the tabs on `useIsBrowser()` ("temporary fix" for facebook/docusaurus#5653), so
 * after hydration every `<Tabs>` is unmounted and mounted again with all its panels. On an API
 * page that is five language samples per request and response, about half the page's elements,
 * rebuilt in one long task. In 3.10 the remount is not needed: the selected tab starts from the
 * default on the server and in the hydrating browser alike (`useState` initial value; the stored
 * and query-string choices come from `useSyncExternalStore` with a server snapshot) and the
 * reader's choice is applied by a layout effect as an ordinary update, which React applies to
 * the DOM. tests/e2e/api-reference.spec.ts checks that a stored choice shows after loading.
 * Changes are marked `// CUSTOM`.
 */
import React, {type ReactElement, type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {
  useScrollPositionBlocker,
  useTabsContextValue,
  useTabs,
  sanitizeTabsChildren,
  TabsProvider,
} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/Tabs';
// Upstream's stylesheet, not a copy: an upgrade brings its fixes (tests/unit/ejected-theme.test.ts).
import styles from '@docusaurus/theme-classic/lib/theme/Tabs/styles.module.css';

function TabList({className}: {className?: string}) {
  const {selectedValue, selectValue, tabValues, block} = useTabs();
  const tabRefs: (HTMLLIElement | null)[] = [];
  const {blockElementScrollPositionUntilNextRender} =
    useScrollPositionBlocker();

  const handleTabChange = (
    event:
      | React.FocusEvent<HTMLLIElement>
      | React.MouseEvent<HTMLLIElement>
      | React.KeyboardEvent<HTMLLIElement>,
  ) => {
    const newTab = event.currentTarget;
    const newTabIndex = tabRefs.indexOf(newTab);
    const newTabValue = tabValues[newTabIndex]!.value;
    if (newTabValue !== selectedValue) {
      blockElementScrollPositionUntilNextRender(newTab);
      selectValue(newTabValue);
    }
  };

  const handleKeydown = (event: React.KeyboardEvent<HTMLLIElement>) => {
    let focusElement: HTMLLIElement | null = null;
    switch (event.key) {
      case 'Enter': {
        handleTabChange(event);
        break;
      }
      case 'ArrowRight': {
        const nextTab = tabRefs.indexOf(event.currentTarget) + 1;
        focusElement = tabRefs[nextTab] ?? tabRefs[0]!;
        break;
      }
      case 'ArrowLeft': {
        const prevTab = tabRefs.indexOf(event.currentTarget) - 1;
        focusElement = tabRefs[prevTab] ?? tabRefs[tabRefs.length - 1]!;
        break;
      }
      default:
        break;
    }
    focusElement?.focus();
  };

  return (
    <ul
      role="tablist"
      aria-orientation="horizontal"
      className={clsx('tabs', {'tabs--block': block}, className)}>
      {tabValues.map(({value, label, attributes}) => (
        <li
          role="tab"
          tabIndex={selectedValue === value ? 0 : -1}
          aria-selected={selectedValue === value}
          key={value}
          ref={(ref) => {
            tabRefs.push(ref);
          }}
          onKeyDown={handleKeydown}
          onClick={handleTabChange}
          {...attributes}
          className={clsx(
            'tabs__item',
            styles.tabItem,
            attributes?.className as string,
            {
              'tabs__item--active': selectedValue === value,
            },
          )}>
          {label ?? value}
        </li>
      ))}
    </ul>
  );
}

function TabContent({children}: {children: ReactNode}) {
  return <div className="margin-top--md">{children}</div>;
}

function TabsContainer({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={clsx(
        ThemeClassNames.tabs.container,
        'tabs-container',
        styles.tabList,
      )}>
      {/* Upstream applies className to the tab list, not to the container. */}
      <TabList className={className} />
      <TabContent>{children}</TabContent>
    </div>
  );
}

/** Tabs of `<TabItem>` children; `groupId` syncs the choice across pages, as upstream. */
export default function Tabs(props: Props): ReactNode {
  const value = useTabsContextValue(props);
  // CUSTOM: no `key={String(isBrowser)}` remount (see the module comment).
  return (
    <TabsProvider value={value}>
      <TabsContainer className={props.className}>
        {sanitizeTabsChildren(props.children) as ReactElement[]}
      </TabsContainer>
    </TabsProvider>
  );
}
