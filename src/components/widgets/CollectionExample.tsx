/**
 * Live imitation of the `<aisle-collection>` widget: products of the sample store in a grid or
 * a carousel, each with an add-to-cart button that turns into a quantity stepper. It dispatches
 * `aisle:ready`, then `aisle:item-added` and `aisle:cart-updated` on its root element when the
 * shopper adds an item, and shows the last event in the Events log. Unknown lookup codes are
 * left out, as in the widget.
 *
 * Props: `{ lookupCodes?: readonly string[]; layout?: 'grid' | 'carousel'; heading?: string }`;
 * defaults: the first six sample products, `grid`, "Products".
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  cartTotals,
  findProduct,
  formatUnitPrice,
  sampleProducts,
  type SampleCartLine,
  type SampleProduct,
} from './sampleData';
import { EventLog, useAisleEvents } from './WidgetExample';
import styles from './styles.module.css';

export interface CollectionExampleProps {
  /** The products to show, as the `lookup-codes` attribute lists them. */
  lookupCodes?: readonly string[];
  /** `grid` (default) or `carousel`, as the `layout` attribute. */
  layout?: 'grid' | 'carousel';
  /** The list's visible name: the collection's name with `collection-id`, "Products" with
   * `lookup-codes`. */
  heading?: string;
}

const defaultLookupCodes = sampleProducts.slice(0, 6).map((product) => product.lookup_code);

/** Products shown at once in the carousel layout. */
const carouselPageSize = 2;

interface ProductCardProps {
  product: SampleProduct;
  quantity: number;
  onAdd: (product: SampleProduct) => void;
  onDecrease: (product: SampleProduct) => void;
}

/** One product; keeps keyboard focus on the control that replaces the one just used. */
function ProductCard({ product, quantity, onAdd, onDecrease }: ProductCardProps): ReactNode {
  const addRef = useRef<HTMLButtonElement>(null);
  const increaseRef = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<'add' | 'increase' | null>(null);

  useEffect(() => {
    if (pendingFocus.current === 'add') addRef.current?.focus();
    if (pendingFocus.current === 'increase') increaseRef.current?.focus();
    pendingFocus.current = null;
  }, [quantity]);

  const price = formatUnitPrice(product);

  return (
    <li className={styles.productCard}>
      <img
        className={`${styles.productImage} no-zoom`}
        src={product.image}
        alt=""
        width={64}
        height={64}
      />
      <p className={styles.productName}>{product.item_name}</p>
      <p className={styles.productMeta}>
        {product.brand_name}, {product.size}
      </p>
      <p className={styles.productPrice}>{price}</p>
      {product.snap_eligible && <p className={styles.snapBadge}>SNAP eligible</p>}
      <div className={styles.productAction}>
        {quantity === 0 ? (
          <button
            ref={addRef}
            type="button"
            className={styles.primaryButton}
            onClick={() => {
              pendingFocus.current = 'increase';
              onAdd(product);
            }}
          >
            Add<span className="sr-only"> {product.item_name} to cart</span>
          </button>
        ) : (
          <div
            className={styles.stepper}
            role="group"
            aria-label={`Quantity of ${product.item_name} in cart`}
          >
            <button
              type="button"
              className={styles.stepButton}
              aria-label={`Decrease quantity of ${product.item_name}`}
              onClick={() => {
                if (quantity === 1) pendingFocus.current = 'add';
                onDecrease(product);
              }}
            >
              <span aria-hidden="true">−</span>
            </button>
            <span className={styles.quantity}>{quantity}</span>
            <button
              ref={increaseRef}
              type="button"
              className={styles.stepButton}
              aria-label={`Increase quantity of ${product.item_name}`}
              onClick={() => onAdd(product)}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

/** The collection widget imitation. */
export default function CollectionExample({
  lookupCodes = defaultLookupCodes,
  layout = 'grid',
  heading = 'Products',
}: CollectionExampleProps): ReactNode {
  const { rootRef, emit, events } = useAisleEvents('collection');
  const [lines, setLines] = useState<readonly SampleCartLine[]>([]);
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState('');
  const headingId = `${useId()}-heading`;

  const products = lookupCodes
    .map((code) => findProduct(code))
    .filter((product): product is SampleProduct => product !== undefined);
  const pageCount = Math.max(1, Math.ceil(products.length / carouselPageSize));
  const currentPage = Math.min(page, pageCount - 1);
  const visible =
    layout === 'carousel'
      ? products.slice(currentPage * carouselPageSize, (currentPage + 1) * carouselPageSize)
      : products;

  function quantityOf(lookupCode: string): number {
    return lines.find((line) => line.lookup_code === lookupCode)?.quantity ?? 0;
  }

  /** Sets a product's quantity in the example cart (0 removes it) and returns the new cart. */
  function setQuantity(product: SampleProduct, quantity: number): readonly SampleCartLine[] {
    const code = product.lookup_code;
    let next: readonly SampleCartLine[];
    if (quantity <= 0) {
      next = lines.filter((line) => line.lookup_code !== code);
    } else if (lines.some((line) => line.lookup_code === code)) {
      next = lines.map((line) => (line.lookup_code === code ? { ...line, quantity } : line));
    } else {
      next = [...lines, { lookup_code: code, quantity }];
    }
    setLines(next);
    return next;
  }

  function add(product: SampleProduct): void {
    const quantity = quantityOf(product.lookup_code) + 1;
    const next = setQuantity(product, quantity);
    setStatus(`${product.item_name} added. ${quantity} in cart.`);
    emit('aisle:item-added', { lookup_code: product.lookup_code, quantity: 1 });
    emit('aisle:cart-updated', cartTotals(next));
  }

  function decrease(product: SampleProduct): void {
    const quantity = quantityOf(product.lookup_code) - 1;
    const next = setQuantity(product, quantity);
    setStatus(
      quantity > 0
        ? `${product.item_name}: ${quantity} in cart.`
        : `${product.item_name} removed from cart.`,
    );
    emit('aisle:cart-updated', cartTotals(next));
  }

  function turnPage(delta: number): void {
    const target = currentPage + delta;
    if (target < 0 || target >= pageCount) return;
    setPage(target);
    const first = target * carouselPageSize + 1;
    const last = Math.min(products.length, first + carouselPageSize - 1);
    setStatus(`Showing products ${first} to ${last} of ${products.length}.`);
  }

  const first = currentPage * carouselPageSize + 1;
  const last = Math.min(products.length, first + carouselPageSize - 1);

  return (
    <div className={styles.exampleRoot}>
      <div ref={rootRef} className={styles.widget}>
        <div className={styles.collectionHeader}>
          <p id={headingId} className={styles.collectionTitle}>
            {heading}
          </p>
          {layout === 'carousel' && products.length > carouselPageSize && (
            <div className={styles.carouselControls}>
              <span className={styles.productMeta}>
                {first}–{last} of {products.length}
              </span>
              <button
                type="button"
                className={styles.stepButton}
                aria-label="Previous products"
                aria-disabled={currentPage === 0}
                onClick={() => turnPage(-1)}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <button
                type="button"
                className={styles.stepButton}
                aria-label="Next products"
                aria-disabled={currentPage === pageCount - 1}
                onClick={() => turnPage(1)}
              >
                <span aria-hidden="true">›</span>
              </button>
            </div>
          )}
        </div>
        <ul
          className={layout === 'carousel' ? styles.productCarousel : styles.productGrid}
          aria-labelledby={headingId}
        >
          {visible.map((product) => (
            <ProductCard
              key={product.lookup_code}
              product={product}
              quantity={quantityOf(product.lookup_code)}
              onAdd={add}
              onDecrease={decrease}
            />
          ))}
        </ul>
        <p className={styles.status} role="status">
          {status}
        </p>
      </div>
      <EventLog events={events} />
    </div>
  );
}
