import { memo, type MouseEvent } from 'react';
import type { Product } from '../catalogue/index.ts';
import { formatPrice } from '../tab/index.ts';

interface ProductLineProps {
  readonly product: Product;
  /** `keepFocus` when pressed with a key: the next pick starts from the search field. */
  readonly onAdd: (product: Product, keepFocus: boolean) => void;
}

/**
 * One product with its price and 'Agregar' (named 'Agregar <name>'): a search
 * suggestion, or a line of the list when browsing. A keystroke that keeps it
 * shown does not render it again.
 */
export const ProductLine = memo(function ProductLine({ product, onAdd }: ProductLineProps) {
  return (
    <li className="suggestion">
      <span className="suggestion-text">
        <span className="suggestion-name">{product.name}</span>
        <span className="price">{formatPrice(product.price)}</span>
      </span>
      <button
        type="button"
        className="button button-add"
        aria-label={`Agregar ${product.name}`}
        // A keyboard press has detail 0; a tap or click counts its clicks.
        onClick={(event: MouseEvent<HTMLButtonElement>) => onAdd(product, event.detail === 0)}
      >
        Agregar
      </button>
    </li>
  );
});
