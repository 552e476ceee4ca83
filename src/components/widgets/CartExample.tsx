/**
 * Live imitation of the `<aisle-cart>` widget: a cart button with an item count that opens the
 * cart drawer, where the shopper changes quantities, removes lines and starts checkout. It
 * dispatches `aisle:ready`, `aisle:cart-updated` and `aisle:checkout-started` on its root
 * element and shows the last event in the Events log. Escape closes the drawer.
 *
 * Props: `{ initialLines?: readonly SampleCartLine[]; initiallyOpen?: boolean }`; the lines
 * default to the sample cart (three lines: milk, bread and 2 lb of bananas; three units), the drawer starts open.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  cartTotals,
  findProduct,
  formatMoney,
  formatUnitPrice,
  sampleCartLines,
  sampleStore,
  toCents,
  toMoney,
  type SampleCartLine,
} from './sampleData';
import { EventLog, useAisleEvents } from './WidgetExample';
import styles from './styles.module.css';

export interface CartExampleProps {
  /** Lines in the cart when the example renders. */
  initialLines?: readonly SampleCartLine[];
  /** Whether the drawer starts open; `true` unless set. */
  initiallyOpen?: boolean;
}

/** The cart widget imitation. */
export default function CartExample({
  initialLines = sampleCartLines,
  initiallyOpen = true,
}: CartExampleProps): ReactNode {
  const { rootRef, emit, events } = useAisleEvents('cart');
  const [lines, setLines] = useState<readonly SampleCartLine[]>(initialLines);
  const [open, setOpen] = useState(initiallyOpen);
  const [status, setStatus] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const drawerId = `${id}-drawer`;
  const titleId = `${id}-title`;

  const totals = cartTotals(lines);
  const unitsLabel = totals.items_count === 1 ? 'item' : 'items';

  /** Replaces the cart, then tells the page, as the widget does after every change. */
  function updateCart(next: readonly SampleCartLine[], message: string): void {
    setLines(next);
    setStatus(message);
    emit('aisle:cart-updated', cartTotals(next));
  }

  function changeQuantity(lookupCode: string, delta: number): void {
    const line = lines.find((candidate) => candidate.lookup_code === lookupCode);
    const product = findProduct(lookupCode);
    if (!line || !product) return;
    const quantity = line.quantity + delta;
    if (quantity < 1) return;
    updateCart(
      lines.map((candidate) =>
        candidate.lookup_code === lookupCode ? { ...candidate, quantity } : candidate,
      ),
      `${product.item_name}: quantity ${quantity}.`,
    );
  }

  function removeLine(lookupCode: string): void {
    const product = findProduct(lookupCode);
    updateCart(
      lines.filter((line) => line.lookup_code !== lookupCode),
      `${product?.item_name ?? 'Item'} removed from your cart.`,
    );
    // The removed line's buttons disappear; keep focus in the drawer.
    titleRef.current?.focus();
  }

  function restoreSampleCart(): void {
    updateCart(initialLines, 'Sample items restored.');
    titleRef.current?.focus();
  }

  function checkout(): void {
    emit('aisle:checkout-started', totals);
    setStatus(
      `Checkout started. In a live widget the shopper now continues on the ${sampleStore.retailer_name} storefront.`,
    );
  }

  function closeOnEscape(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      toggleRef.current?.focus();
    }
  }

  return (
    <div className={styles.exampleRoot}>
      {/* Keyboard handling only: Escape closes the drawer from any control inside it. */}
      <div ref={rootRef} className={styles.widget} onKeyDown={closeOnEscape}>
        <button
          ref={toggleRef}
          type="button"
          className={styles.cartToggle}
          aria-expanded={open}
          aria-controls={drawerId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6.2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <circle cx="9" cy="19" r="1.6" fill="currentColor" />
            <circle cx="17" cy="19" r="1.6" fill="currentColor" />
          </svg>
          <span>Cart</span>
          <span className={styles.badge}>
            {totals.items_count}
            <span className="sr-only"> {unitsLabel}</span>
          </span>
        </button>

        <section id={drawerId} className={styles.drawer} aria-labelledby={titleId} hidden={!open}>
          <p id={titleId} ref={titleRef} tabIndex={-1} className={styles.drawerTitle}>
            Your cart at {sampleStore.retailer_name}
          </p>
          {lines.length === 0 ? (
            <div className={styles.emptyCart}>
              <p>Your cart is empty.</p>
              <button type="button" className={styles.secondaryButton} onClick={restoreSampleCart}>
                Restore the sample items
              </button>
            </div>
          ) : (
            <>
              <ul className={styles.cartLines}>
                {lines.map((line) => {
                  const product = findProduct(line.lookup_code);
                  if (!product) return null;
                  const lineTotal = toMoney(toCents(product.price) * line.quantity);
                  const atMinimum = line.quantity <= 1;
                  return (
                    <li key={line.lookup_code} className={styles.cartLine}>
                      <img
                        className={`${styles.cartImage} no-zoom`}
                        src={product.image}
                        alt=""
                        width={48}
                        height={48}
                      />
                      <div className={styles.cartLineText}>
                        <p className={styles.productName}>{product.item_name}</p>
                        <p className={styles.productMeta}>
                          {product.cost_unit === 'each'
                            ? `${product.size}, ${formatUnitPrice(product)} each`
                            : formatUnitPrice(product)}
                        </p>
                        <button
                          type="button"
                          className={styles.linkButton}
                          onClick={() => removeLine(line.lookup_code)}
                        >
                          Remove<span className="sr-only"> {product.item_name}</span>
                        </button>
                      </div>
                      <div className={styles.cartLineEnd}>
                        <div
                          className={styles.stepper}
                          role="group"
                          aria-label={`Quantity of ${product.item_name}`}
                        >
                          <button
                            type="button"
                            className={styles.stepButton}
                            aria-label={`Decrease quantity of ${product.item_name}`}
                            aria-disabled={atMinimum}
                            onClick={() => changeQuantity(line.lookup_code, -1)}
                          >
                            <span aria-hidden="true">−</span>
                          </button>
                          <span className={styles.quantity}>
                            {line.quantity}
                            {product.cost_unit === 'each' ? '' : ` ${product.cost_unit}`}
                          </span>
                          <button
                            type="button"
                            className={styles.stepButton}
                            aria-label={`Increase quantity of ${product.item_name}`}
                            onClick={() => changeQuantity(line.lookup_code, 1)}
                          >
                            <span aria-hidden="true">+</span>
                          </button>
                        </div>
                        <p className={styles.lineTotal}>{formatMoney(lineTotal)}</p>
                      </div>
                    </li>
                  );
                })}
              </ul>
              <p className={styles.subtotal}>
                <span>
                  Subtotal ({totals.items_count} {unitsLabel})
                </span>
                <span>{formatMoney(totals.subtotal)}</span>
              </p>
              <button type="button" className={styles.primaryButton} onClick={checkout}>
                Check out
              </button>
            </>
          )}
        </section>
        <p className={styles.status} role="status">
          {status}
        </p>
      </div>
      <EventLog events={events} />
    </div>
  );
}
