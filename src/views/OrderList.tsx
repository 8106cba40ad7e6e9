import { memo, useContext } from 'react';
import type { Product } from '../catalogue/index.ts';
import { formatPesos, formatPrice, keptLine, refusalLine, type Order, type ServerTabLine } from '../tab/index.ts';
import { PlusOneIcon, RemoveIcon } from './icons.tsx';
import { MenuContext } from './menu-context.tsx';

/** How the tab marks a line that came from the bar's bill (a claim, a part of what nobody claimed). */
const FROM_BILL = 'De la cuenta del bar';

/** Rows per block: a long tab is laid out, hit-tested and re-rendered a block at a time. */
const BLOCK_SIZE = 25;

/** None once the party is over (its tabs are final) but 'Quitar' on what the server never took, and 'Sí, me uno'. */
interface RowActions {
  readonly onAgain?: ((product: Product) => void) | undefined;
  /** 'Quitar': `fromKeyboard` when pressed with a key, so focus can follow. A claim's takes it back. */
  readonly onRemove?: ((order: Order, fromKeyboard: boolean) => void) | undefined;
  /** 'Sí, me uno': a claim the server answered with the share as it now is. */
  readonly onJoin?: ((order: Order) => void) | undefined;
  /** 'Quitar' only on what the server never took: a refused pick or claim, a share only offered. */
  readonly onlyRefusedGo?: boolean | undefined;
}

/**
 * The orders, newest first, in blocks counted from the oldest: a new pick only
 * changes the newest block, and the browser skips the blocks off screen. One
 * list for assistive technology: the blocks are plain containers between the
 * list and its items.
 */
export const OrderList = memo(function OrderList({ orders, ...actions }: RowActions & { readonly orders: readonly Order[] }) {
  const blocks: (readonly Order[])[] = [];
  const newest = orders.length % BLOCK_SIZE || BLOCK_SIZE;
  for (let start = 0; start < orders.length; start = start === 0 ? newest : start + BLOCK_SIZE) {
    blocks.push(orders.slice(start, start === 0 ? newest : start + BLOCK_SIZE));
  }
  return (
    <div className="orders" role="list">
      {blocks.map((block, index) => (
        // Keyed from the oldest end: block 0 holds the first 25 picks of the night, whatever comes after.
        <OrderBlock key={blocks.length - 1 - index} orders={block} {...actions} />
      ))}
    </div>
  );
});

const sameRows = (before: readonly Order[], after: readonly Order[]) =>
  before.length === after.length &&
  before.every((order, index) => {
    const other = after[index];
    return (
      other !== undefined &&
      order.id === other.id &&
      order.product_name === other.product_name &&
      order.product_price === other.product_price &&
      order.rejected === other.rejected &&
      order.bill === other.bill
    );
  });

/** A block of rows; renders again only when one of its rows changed, not when the phone re-read the same tab. */
const OrderBlock = memo(
  function OrderBlock({ orders, ...actions }: RowActions & { readonly orders: readonly Order[] }) {
    return (
      <div className="order-block">
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} {...actions} />
        ))}
      </div>
    );
  },
  (before, after) =>
    before.onAgain === after.onAgain &&
    before.onRemove === after.onRemove &&
    before.onJoin === after.onJoin &&
    before.onlyRefusedGo === after.onlyRefusedGo &&
    sameRows(before.orders, after.orders),
);

/**
 * One line of the tab, with 'Otra' and 'Quitar'; a new pick in its block
 * renders only its own row. A pick the server refused stays, struck through,
 * with why, and counts in no total. A claim of the bar's bill has 'Quitar'
 * (it goes back to '¿Alguien pidió esto?'), and, when the server answered
 * with the share as it now is, asks whether to join it.
 */
const OrderRow = memo(function OrderRow({ order, onAgain, onRemove, onJoin, onlyRefusedGo }: RowActions & { readonly order: Order }) {
  const name = order.product_name;
  const refused = order.rejected !== undefined;
  // 'Otra' adds at today's price from the party's list; a product off it, or sold out, cannot be ordered again.
  // A claim of the bar's bill has no 'Otra'.
  const claim = order.bill !== undefined;
  const offer = order.bill?.offer;
  const product = useContext(MenuContext).find(name);
  const again = claim ? undefined : onAgain;
  const remove = onlyRefusedGo && !refused && !offer ? undefined : onRemove;
  return (
    <div className="order" role="listitem" data-refused={refused || undefined} data-offer={offer ? true : undefined}>
      <span className="order-name">
        {name}
        {claim && <span className="order-from-bill">{order.bill.shares > 1 && !offer ? `${FROM_BILL} · entre ${order.bill.shares}` : FROM_BILL}</span>}
      </span>
      {/* Offered, it counts nothing until joined: its amount is in the question below. */}
      <span className="price">{offer ? '' : formatPrice(order.product_price)}</span>
      <span className="order-actions">
        {product && again && (
          <button type="button" className="button button-icon button-secondary" aria-label={`Otra ${name}`} onClick={() => again(product)}>
            <PlusOneIcon />
          </button>
        )}
        {remove && (
          <button
            type="button"
            className="button button-icon button-quiet button-remove"
            aria-label={`Quitar ${name}`}
            data-order-id={order.id}
            // A keyboard press has detail 0; a tap or click counts its clicks.
            onClick={(event) => remove(order, event.detail === 0)}
          >
            <RemoveIcon />
          </button>
        )}
      </span>
      {order.rejected !== undefined && <span className="order-rejected">{refusalLine(order.rejected)}</span>}
      {offer && (
        <span className="order-offer">
          <span>
            Ahora son {offer.shares} partes de {formatPesos(offer.amount)}. ¿Te unes?
          </span>
          {onJoin && (
            <button type="button" className="button button-secondary" aria-label={`Sí, me uno: ${name}`} onClick={() => onJoin(order)}>
              Sí, me uno
            </button>
          )}
        </span>
      )}
      {order.bill?.kept !== undefined && <span className="order-kept">{keptLine(order.bill.kept)}</span>}
    </div>
  );
});

/**
 * The lines the server put on the tab ('Parte de lo sin dueño', 'Invitación
 * a <name>', 'Tu cuenta la paga la fiesta.', a claim made on another phone):
 * read-only, with their amounts, counted in the totals by the one rule.
 */
export const ServerLines = memo(function ServerLines({ lines }: { readonly lines: readonly ServerTabLine[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="orders server-lines" role="list">
      {lines.map((line, index) => (
        <div className="order" role="listitem" key={line.id ?? `${line.kind}-${index}`}>
          <span className="order-name">
            {line.product_name}
            {line.kind === 'claim' && <span className="order-from-bill">{FROM_BILL}</span>}
          </span>
          <span className="price">{formatPesos(line.amount)}</span>
          <span className="order-actions" />
        </div>
      ))}
    </div>
  );
});
