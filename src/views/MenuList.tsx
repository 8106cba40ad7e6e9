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
          <Shelves shelves={catalogue.shelves()} onAdd={onAdd} />
        ))}
    </section>
  );
});

/**
 * The categories first, as buttons that take the guest to each (the food
 * starts thousands of pixels down a long list), then every category.
 */
function Shelves({ shelves, onAdd }: { readonly shelves: readonly CategoryShelf[]; readonly onAdd: MenuListProps['onAdd'] }) {
  const prefix = useId();
  const titleId = (index: number) => `${prefix}-${index}`;
  const jump = (index: number) => {
    const title = document.getElementById(titleId(index));
    const list = title?.closest<HTMLElement>('.menu-list');
    if (!title || !list) return;
    // The focus goes too, so a screen reader and the next Tab start at the category.
    title.focus({ preventScroll: true });
    scrollListTo(list, title);
  };
  return (
    <>
      <nav className="menu-jumps" aria-label="Categorías de la carta">
        <ul>
          {shelves.map((shelf, index) => (
            <li key={shelf.name}>
              <button type="button" className="menu-jump" onClick={() => jump(index)}>
                {shelf.name}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {shelves.map((shelf, index) => (
        <Shelf key={shelf.name} shelf={shelf} titleId={titleId(index)} onAdd={onAdd} />
      ))}
    </>
  );
}

/**
 * The list scrolled (not the page) so the category's heading is at its top.
 * Shelves off screen are laid out at an estimated height until drawn
 * (content-visibility), which moves the heading once they are: aim again.
 */
function scrollListTo(list: HTMLElement, title: HTMLElement, tries = 5): void {
  const off = title.getBoundingClientRect().top - list.getBoundingClientRect().top;
  if (Math.abs(off) < 1 || tries === 0) return;
  list.scrollTop += off;
  requestAnimationFrame(() => scrollListTo(list, title, tries - 1));
}

/** A category: its heading (h2, next under the page's h1, as the form itself has none) and its products. */
function Shelf({ shelf, titleId, onAdd }: { readonly shelf: CategoryShelf; readonly titleId: string; readonly onAdd: MenuListProps['onAdd'] }) {
  return (
    <section className="menu-shelf" aria-labelledby={titleId}>
      <h2 className="menu-shelf-title" id={titleId} tabIndex={-1}>
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
