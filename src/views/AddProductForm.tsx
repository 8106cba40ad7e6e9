import { useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { searchCatalogue, type Product } from '../catalogue/index.ts';
import { formatPrice } from '../tab/index.ts';

interface AddProductFormProps {
  readonly fullName: string;
  readonly onAdd: (product: Product) => void;
}

/** View 2: the guest searches the bar's list and adds what they ordered. */
export function AddProductForm({ fullName, onAdd }: AddProductFormProps) {
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listId = useId();
  const { matches, total } = useMemo(() => searchCatalogue(query), [query]);

  function add(product: Product, event: MouseEvent<HTMLButtonElement>) {
    onAdd(product);
    setQuery('');
    // A keyboard press (detail 0) goes back to the field for the next pick; a tap
    // does not, so the phone's keyboard does not pop up over the tab.
    if (event.detail === 0) inputRef.current?.focus();
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
        />
        <ul id={listId} className="suggestions" aria-label="Productos encontrados" hidden={matches.length === 0}>
          {matches.map((product) => (
            <li key={product.name} className="suggestion">
              <span className="suggestion-text">
                <span className="suggestion-name">{product.name}</span>
                <span className="price">{formatPrice(product.price)}</span>
              </span>
              <button
                type="button"
                className="button button-add"
                aria-label={`Agregar ${product.name}`}
                onClick={(event) => add(product, event)}
              >
                Agregar
              </button>
            </li>
          ))}
          {total > matches.length && (
            <li className="suggestion-more">Sigue escribiendo para ver {total - matches.length} más</li>
          )}
        </ul>
      </div>
    </section>
  );
}
