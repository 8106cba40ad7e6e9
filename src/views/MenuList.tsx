import { memo, useId, type KeyboardEvent } from 'react';
import type { Catalogue, CategoryShelf, Product } from '../catalogue/index.ts';
import { ProductLine } from './ProductLine.tsx';

interface MenuListProps {
  /** The id 'Ver la carta' controls. */
  readonly id: string;
  readonly open: boolean;
  readonly catalogue: Catalogue;
  /** The same path as a suggestion's 'Agregar'. */
  readonly onAdd: (product: Product, keepFocus: boolean) => void;
  /** Escape: closed, focus back on 'Ver la carta'. */
  readonly onClose: () => void;
}

/**
 * 'Ver la carta': the list by category, in the list's order, each product
 * with its price and 'Agregar'. A region named 'La carta' that 'Ver la carta'
 * discloses; drawn only while open, so the tab's screen pays nothing for it.
 */
export const MenuList = memo(function MenuList({ id, open, catalogue, onAdd, onClose }: MenuListProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };
  return (
    <section id={id} className="menu-list" aria-label="La carta" hidden={!open} onKeyDown={onKeyDown}>
      {open &&
        (catalogue.products.length === 0 ? (
          <p className="empty">No hay nada en la carta por ahora.</p>
        ) : (
          catalogue.shelves().map((shelf) => <Shelf key={shelf.name} shelf={shelf} onAdd={onAdd} />)
        ))}
    </section>
  );
});

/** A category: its heading (h2, next under the page's h1, as the form itself has none) and its products. */
function Shelf({ shelf, onAdd }: { readonly shelf: CategoryShelf; readonly onAdd: MenuListProps['onAdd'] }) {
  const titleId = useId();
  return (
    <section className="menu-shelf" aria-labelledby={titleId}>
      <h2 className="menu-shelf-title" id={titleId}>
        {shelf.name}
      </h2>
      <ul className="menu-shelf-items">
        {shelf.products.map((product) => (
          <ProductLine key={product.name} product={product} onAdd={onAdd} />
        ))}
      </ul>
    </section>
  );
}
