import { memo, useCallback, useDeferredValue, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { searchCatalogue, type Product } from '../catalogue/index.ts';
import { formatPrice } from '../tab/index.ts';

interface AddProductFormProps {
  readonly fullName: string;
  readonly onAdd: (product: Product) => void;
}

/** Rows drawn in the keystroke's own frame; the rest follow in a render that the next keystroke may interrupt. */
const FIRST_ROWS = 6;

/**
 * View 2: the guest searches the bar's list and adds what they ordered.
 * Memoized: the tab, the comment and the sync line change around it without
 * touching the search.
 */
export const AddProductForm = memo(function AddProductForm({ fullName, onAdd }: AddProductFormProps) {
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listId = useId();
  const result = useMemo(() => searchCatalogue(query), [query]);
  const { matches, total, searched } = result;
  // The first rows (all the list shows without scrolling) come at once; the others a moment later.
  const complete = useDeferredValue(result) === result;
  const rows = complete ? matches : matches.slice(0, FIRST_ROWS);

  // The same function from keystroke to keystroke, so a suggestion still shown renders only once.
  const add = useCallback(
    (product: Product, keepFocus: boolean) => {
      onAdd(product);
      setQuery('');
      // From the keyboard, back to the field for the next pick; a tap does not, so
      // the phone's keyboard does not pop up over the tab.
      if (keepFocus) inputRef.current?.focus();
    },
    [onAdd],
  );

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
      <div className="search">
        <input
          ref={inputRef}
          id={inputId}
          className="text-input"
          type="search"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder="Pisco Mistral"
          aria-controls={listId}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={addTheOnlyOne}
        />
        <ul id={listId} className="suggestions" aria-label="Productos encontrados" hidden={matches.length === 0}>
          {rows.map((product) => (
            <Suggestion key={product.name} product={product} onAdd={add} />
          ))}
          {complete && total > matches.length && (
            <li className="suggestion-more">Sigue escribiendo para ver {total - matches.length} más</li>
          )}
        </ul>
        {/* Always in the page, so "nothing found" is announced as it appears. */}
        <p className="no-results" aria-live="polite">
          {searched && total === 0 ? `No encontramos «${query.trim()}» en la carta.` : ''}
        </p>
      </div>
    </section>
  );
});

interface SuggestionProps {
  readonly product: Product;
  readonly onAdd: (product: Product, keepFocus: boolean) => void;
}

/** One match with its price and Agregar; a keystroke that keeps it in the list does not render it again. */
const Suggestion = memo(function Suggestion({ product, onAdd }: SuggestionProps) {
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
