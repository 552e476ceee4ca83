/**
 * Live imitation of the `<aisle-search-bar>` widget with `results-target="event"`: a search
 * field with suggestions from the sample catalog (an ARIA 1.2 combobox with a listbox). From two
 * typed characters it suggests up to six products; Arrow Down and Arrow Up move through them
 * (`aria-activedescendant`), Enter chooses one, Escape closes the list (or clears the field when
 * the list is closed). Submitting dispatches `aisle:search-submitted` on the root element, shown
 * in the Events log with `aisle:ready`.
 *
 * Props: `{ placeholder?: string; maxSuggestions?: number }`; defaults "Search products" and 6.
 */
import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { formatUnitPrice, sampleProducts, sampleStore, type SampleProduct } from './sampleData';
import { EventLog, useAisleEvents } from './WidgetExample';
import styles from './styles.module.css';

export interface SearchBarExampleProps {
  /** Text in the empty field, as the `placeholder` attribute. */
  placeholder?: string;
  /** Most suggestions shown at once. */
  maxSuggestions?: number;
}

/** Characters typed before suggestions appear. */
const minQueryLength = 2;

/** Products whose name, brand or department contains the query, best matches first. */
function suggest(query: string, limit: number): readonly SampleProduct[] {
  const needle = query.trim().toLowerCase();
  if (needle.length < minQueryLength) return [];
  const rank = (product: SampleProduct): number => {
    const name = product.item_name.toLowerCase();
    if (name.startsWith(needle)) return 0;
    if (name.includes(needle)) return 1;
    return 2;
  };
  return sampleProducts
    .filter((product) =>
      [product.item_name, product.brand_name, product.department].some((text) =>
        text.toLowerCase().includes(needle),
      ),
    )
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, limit);
}

/** The search bar widget imitation. */
export default function SearchBarExample({
  placeholder = 'Search products',
  maxSuggestions = 6,
}: SearchBarExampleProps): ReactNode {
  const { rootRef, emit, events } = useAisleEvents('search_bar');
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [status, setStatus] = useState('');
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-listbox`;
  const optionId = (index: number): string => `${id}-option-${index}`;

  const suggestions = suggest(query, maxSuggestions);
  const showList = expanded && suggestions.length > 0;
  const countMessage =
    query.trim().length >= minQueryLength
      ? suggestions.length === 0
        ? 'No suggestions.'
        : `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'} available.`
      : '';

  function close(): void {
    setExpanded(false);
    setActiveIndex(-1);
  }

  function submit(text: string): void {
    const trimmed = text.trim();
    close();
    if (trimmed === '') {
      setStatus('Type what you are looking for, then search.');
      return;
    }
    emit('aisle:search-submitted', { query: trimmed });
    setStatus(
      `Searched for “${trimmed}”. With results-target="event", your page shows the results.`,
    );
  }

  function choose(product: SampleProduct): void {
    setQuery(product.item_name);
    submit(product.item_name);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    submit(query);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        setExpanded(true);
        setActiveIndex(showList ? (activeIndex + 1) % count : 0);
        break;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        setExpanded(true);
        setActiveIndex(showList && activeIndex > 0 ? activeIndex - 1 : count - 1);
        break;
      case 'Enter': {
        const active = showList ? suggestions[activeIndex] : undefined;
        if (active) {
          event.preventDefault();
          choose(active);
        }
        break;
      }
      case 'Escape':
        event.preventDefault();
        if (showList) close();
        else setQuery('');
        break;
      default:
        break;
    }
  }

  return (
    <div className={styles.exampleRoot}>
      <div ref={rootRef} className={styles.widget}>
        <form
          role="search"
          aria-label={`${sampleStore.retailer_name} products`}
          className={styles.searchForm}
          onSubmit={onSubmit}
        >
          <label htmlFor={inputId} className="sr-only">
            Search {sampleStore.retailer_name}
          </label>
          <div className={styles.searchRow}>
            <input
              id={inputId}
              className={styles.searchInput}
              type="text"
              role="combobox"
              aria-expanded={showList}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={
                showList && activeIndex >= 0 ? optionId(activeIndex) : undefined
              }
              autoComplete="off"
              spellCheck={false}
              placeholder={placeholder}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setExpanded(true);
                setActiveIndex(-1);
              }}
              onKeyDown={onKeyDown}
              onBlur={close}
            />
            <button type="submit" className={styles.primaryButton}>
              Search
            </button>
          </div>
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            className={styles.suggestions}
            hidden={!showList}
          >
            {suggestions.map((product, index) => (
              // Options are chosen with the keyboard through the combobox (Enter), or by pointer.
              <li
                key={product.lookup_code}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={styles.suggestion}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActiveIndex(index)}
                onClick={() => choose(product)}
              >
                <span className={styles.suggestionName}>{product.item_name}</span>
                <span className={styles.suggestionMeta}>
                  {product.size}, {formatUnitPrice(product)}
                </span>
              </li>
            ))}
          </ul>
        </form>
        <p className="sr-only" aria-live="polite">
          {countMessage}
        </p>
        <p className={styles.status} role="status">
          {status}
        </p>
      </div>
      <EventLog events={events} />
    </div>
  );
}
