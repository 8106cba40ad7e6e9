import { memo, useCallback, useContext, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { warmSearch, type Product } from '../catalogue/index.ts';
import { onIdle } from '../platform/index.ts';
import { MenuContext } from './menu-context.tsx';
import { MenuList } from './MenuList.tsx';
import { ProductLine } from './ProductLine.tsx';
import { SEARCH_FIELD, TYPED_AS_IS } from './fields.ts';

interface AddProductFormProps {
  readonly fullName: string;
  readonly onAdd: (product: Product) => void;
}

/** Rows drawn in the keystroke's own frame; the rest follow in a render that the next keystroke may interrupt. */
const FIRST_ROWS = 6;

/**
 * View 2: the guest searches the party's list, or browses it ('Ver la carta'),
 * and adds what they ordered. Memoized: the tab, the comment and the sync line
 * change around it without touching the search. Searching and browsing take
 * turns: typing closes the list, opening it clears the field.
 */
export const AddProductForm = memo(function AddProductForm({ fullName, onAdd }: AddProductFormProps) {
  const catalogue = useContext(MenuContext);
  const [query, setQuery] = useState('');
  const [browsing, setBrowsing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listId = useId();
  const menuId = useId();
  const browseRef = useRef<HTMLButtonElement>(null);
  // The list's index was built once, when this version of the list came: a keystroke only searches it.
  const result = useMemo(() => catalogue.search(query), [catalogue, query]);
  // The first keystroke would otherwise run the search's code cold, the slowest of all (16–20 ms against 6–10 at 4× CPU).
  useEffect(() => onIdle(() => warmSearch(catalogue)), [catalogue]);
  const { matches, total, searched } = result;
  // The first rows (all the list shows without scrolling) come at once; the others a moment later.
  const complete = useDeferredValue(result) === result;
  const rows = complete ? matches : matches.slice(0, FIRST_ROWS);

  // The same function from keystroke to keystroke, so a suggestion still shown renders only once.
  const add = useCallback(
    (product: Product, keepFocus: boolean) => {
      onAdd(product);
      setQuery('');
      setBrowsing(false);
      // From the keyboard, back to the field for the next pick; a tap does not, so
      // the phone's keyboard does not pop up over the tab.
      if (keepFocus) inputRef.current?.focus();
    },
    [onAdd],
  );

  const toggleBrowsing = useCallback(() => {
    setBrowsing((open) => !open);
    setQuery('');
  }, []);
  // Escape in the list: closed, and the keyboard back where it opened it.
  const closeBrowsing = useCallback(() => {
    setBrowsing(false);
    browseRef.current?.focus();
  }, []);

  function addTheOnlyOne(event: KeyboardEvent<HTMLInputElement>) {
    const [only] = matches;
    if (event.key !== 'Enter' || total !== 1 || !only) return;
    event.preventDefault();
    add(only, true);
  }

  return (
    <section className="card add-product" aria-label="Agregar pedido">
      <label className="card-title" htmlFor={inputId}>
        Escribe lo que pediste, <span className="guest-name">{fullName}</span>
      </label>
      <div className="search-row">
        <div className="search">
          <input
            ref={inputRef}
            id={inputId}
            className="text-input"
            {...SEARCH_FIELD}
            {...TYPED_AS_IS}
            placeholder="Pisco Mistral"
            aria-controls={listId}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setBrowsing(false);
            }}
            onKeyDown={addTheOnlyOne}
          />
          <ul id={listId} className="suggestions" aria-label="Productos encontrados" hidden={matches.length === 0}>
            {rows.map((product) => (
              <ProductLine key={product.name} product={product} onAdd={add} />
            ))}
            {complete && total > matches.length && <li className="suggestion-more">Sigue escribiendo para ver {total - matches.length} más</li>}
          </ul>
          {/* Always in the page, so "nothing found" is announced as it appears. */}
          <p className="no-results" aria-live="polite">
            {searched && total === 0 ? `No encontramos «${query.trim()}» en la carta.` : ''}
          </p>
        </div>
        <button
          ref={browseRef}
          type="button"
          className="button button-secondary browse-toggle"
          aria-expanded={browsing}
          aria-controls={menuId}
          onClick={toggleBrowsing}
        >
          Ver la carta
        </button>
      </div>
      <MenuList id={menuId} open={browsing} catalogue={catalogue} onAdd={add} onClose={closeBrowsing} />
    </section>
  );
});
