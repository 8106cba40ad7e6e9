import { useDeferredValue, useEffect, useId, useMemo, useState, type ReactNode, type SyntheticEvent } from 'react';
import {
  checkProduct,
  editProblem,
  formatPesos,
  keepMenu,
  keptMenu,
  menuCategories,
  parsePrice,
  PRODUCT_PROBLEMS,
  searchMenu,
  useHostMenu,
  menuByCategory,
  type MenuGroup,
  type MenuItem,
  type MenuState,
} from '../../host/index.ts';
import { useDisclosure } from '../disclosure.ts';
import { typedInto } from '../fields.ts';
import { HostField } from './HostField.tsx';
import { HostSearch } from './HostSearch.tsx';
import { MenuImport } from './MenuImport.tsx';

interface MenuSectionProps {
  /** The party's code: the list read last is kept on the phone under it. */
  readonly code: string;
  /** A party that ended keeps its list as it was: shown, not edited. */
  readonly closed: boolean;
}

/**
 * 'Carta': the party's list as guests get it. First, folded, a form to add a
 * product and an import of a whole list (open, they would push hundreds of
 * products further down); then a search over it and, per product, its price
 * (changed with 'Guardar') and whether it is sold out. Each change is saved on
 * the server before it shows: nothing half-saved, a refusal said in Spanish.
 */
export function MenuSection({ code, closed }: MenuSectionProps) {
  const state = useHostMenu();
  const titleId = useId();
  // With no signal (after a reload too) the list read last shows, as the guests' snapshot does.
  const [kept] = useState(() => keptMenu(code));
  useEffect(() => {
    if (state.menu) keepMenu(code, state.menu);
  }, [code, state.menu]);
  const menu = state.menu ?? kept;
  return (
    <section className="card host-menu" aria-labelledby={titleId}>
      <h2 className="card-title" id={titleId}>
        Carta
      </h2>
      {menu === null ? (
        <p className="note">{state.status === 'loading' ? 'Cargando la carta…' : 'La carta aparece cuando el servidor responda.'}</p>
      ) : (
        <>
          {closed && <p className="note">La fiesta terminó: su carta ya no se cambia.</p>}
          {!closed && (
            <Folded title="Agregar un producto">
              <AddProductToMenu state={state} items={menu.items} />
            </Folded>
          )}
          {!closed && (
            <Folded title="Importar una carta">
              <MenuImport state={state} items={menu.items} />
            </Folded>
          )}
          <MenuList state={state} items={menu.items} closed={closed} />
        </>
      )}
    </section>
  );
}

/** A form behind a button of its name: folded at first, and kept while folded (half-typed lines stay). */
function Folded({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const detail = useDisclosure();
  return (
    <div className="host-menu-tool">
      <h3 className="host-menu-subtitle">
        <button type="button" className="host-menu-toggle" {...detail.toggle}>
          <span>{title}</span>
          <span className="host-caret" aria-hidden="true">
            {detail.open ? ' ▾' : ' ▸'}
          </span>
        </button>
      </h3>
      <div id={detail.regionId} hidden={!detail.open}>
        {children}
      </div>
    </div>
  );
}

function MenuList({ state, items, closed }: { readonly state: MenuState; readonly items: readonly MenuItem[]; readonly closed: boolean }) {
  const [typed, setTyped] = useState('');
  const query = useDeferredValue(typed);
  const searching = query.trim() !== '';
  const groups = useMemo(() => menuByCategory(searchMenu(items, query)), [items, query]);
  return (
    <>
      <HostSearch label="Buscar en la carta" name="buscar_producto" placeholder="Producto o categoría" typed={typed} onType={setTyped} />
      {groups.length === 0 && (
        <p className="empty" role="status">
          No hay «{query.trim()}» en la carta.
        </p>
      )}
      {/* Groups under their headings, not a list of lists: each product stays the one list item with its name. */}
      <div className="host-menu-groups">
        {groups.map((group) => (
          <MenuCategory key={group.category} state={state} group={group} closed={closed} searching={searching} />
        ))}
      </div>
    </>
  );
}

interface MenuCategoryProps {
  readonly state: MenuState;
  readonly group: MenuGroup;
  readonly closed: boolean;
  /** A search shows what it found, every category open. */
  readonly searching: boolean;
}

/** One category: closed until tapped (a list of hundreds stays one screen), its products when open or when a search found them. */
function MenuCategory({ state, group, closed, searching }: MenuCategoryProps) {
  const detail = useDisclosure();
  const count = group.items.length === 1 ? '1 producto' : `${group.items.length} productos`;
  const rows = (
    <ul className="host-menu-items">
      {group.items.map((item) => (
        <MenuRow key={item.name} state={state} item={item} closed={closed} />
      ))}
    </ul>
  );
  if (searching) {
    return (
      <div className="host-menu-group">
        <h3 className="host-menu-category">{group.category}</h3>
        {rows}
      </div>
    );
  }
  return (
    <div className="host-menu-group">
      <h3 className="host-menu-category">
        <button type="button" className="host-menu-toggle" {...detail.toggle}>
          <span>{group.category}</span>
          <span className="host-menu-count">
            {count}
            <span className="host-caret" aria-hidden="true">
              {detail.open ? ' ▾' : ' ▸'}
            </span>
          </span>
        </button>
      </h3>
      <div id={detail.regionId} hidden={!detail.open}>
        {detail.open && rows}
      </div>
    </div>
  );
}

/** One product: its name, category and price; its price field and 'Guardar'; its 'Agotado' toggle. */
function MenuRow({ state, item, closed }: { readonly state: MenuState; readonly item: MenuItem; readonly closed: boolean }) {
  const [typed, setTyped] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [soldOutSaving, setSoldOutSaving] = useState<boolean | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const nameId = useId();
  const shownPrice = typed ?? String(item.price);

  async function save(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const price = parsePrice(shownPrice);
    if (price === null) {
      setMessage(PRODUCT_PROBLEMS.price);
      return;
    }
    setBusy(true);
    setMessage(null);
    const refusal = editProblem(await state.edit({ action: 'set_price', name: item.name, price }));
    setBusy(false);
    setMessage(refusal);
    if (refusal === null) setTyped(null);
  }

  /** The toggle shows the tap at once while the server saves it; a refusal puts it back and says why. */
  async function toggle(soldOut: boolean) {
    setSoldOutSaving(soldOut);
    setMessage(null);
    setMessage(editProblem(await state.edit({ action: 'set_sold_out', name: item.name, soldOut })));
    setSoldOutSaving(null);
  }

  return (
    <li className="host-menu-item" data-sold-out={item.sold_out || undefined}>
      <div className="host-menu-name">
        <span className="host-menu-product" id={nameId}>
          {item.name}
        </span>
        <span className="host-menu-meta">
          {item.category} · <span className="price">{formatPesos(item.price)}</span>
          {item.sold_out && ' · agotado'}
        </span>
      </div>
      {!closed && (
        <div className="host-menu-controls">
          <form className="host-menu-price" onSubmit={(event) => void save(event)} noValidate>
            <input
              className="text-input host-price-input"
              inputMode="numeric"
              autoComplete="off"
              aria-label={`Precio de ${item.name}`}
              value={shownPrice}
              onChange={(event) => setTyped(event.target.value)}
            />
            <button type="submit" className="button button-secondary host-menu-save" aria-describedby={nameId} aria-busy={busy}>
              Guardar
            </button>
          </form>
          <label className="host-paid host-sold-out" data-waiting={soldOutSaving !== null || undefined}>
            <input
              type="checkbox"
              className="host-paid-box"
              aria-label={`Agotado: ${item.name}`}
              checked={soldOutSaving ?? item.sold_out}
              aria-busy={soldOutSaving !== null}
              onChange={(event) => void toggle(event.target.checked)}
            />
            <span aria-hidden="true">Agotado</span>
          </label>
        </div>
      )}
      <div aria-live="polite">{message && <p className="host-error">{message}</p>}</div>
    </li>
  );
}

/** 'Agregar a la carta': a name, a price and a category; checked here by the server's own rules first. */
function AddProductToMenu({ state, items }: { readonly state: MenuState; readonly items: readonly MenuItem[] }) {
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [category, setCategory] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ readonly text: string; readonly error: boolean } | null>(null);
  const categoriesId = useId();
  const categories = useMemo(() => menuCategories(items), [items]);

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const product = checkProduct({ name, price: parsePrice(price), category });
    if (!product.ok) {
      setMessage({ text: product.problem, error: true });
      return;
    }
    setBusy(true);
    setMessage(null);
    const refusal = editProblem(await state.edit({ action: 'add_product', ...product.value }));
    setBusy(false);
    if (refusal !== null) {
      setMessage({ text: refusal, error: true });
      return;
    }
    setMessage({ text: `${product.value.name} quedó en la carta a ${formatPesos(product.value.price)}.`, error: false });
    setName('');
    setPrice('');
  }

  return (
    <form className="host-menu-form" aria-label="Agregar un producto" onSubmit={(event) => void submit(event)} noValidate>
      <HostField label="Nombre del producto" name="product_name" {...typedInto(name, setName)} />
      <HostField label="Precio" name="product_price" inputMode="numeric" placeholder="$12.990" {...typedInto(price, setPrice)} />
      <HostField label="Categoría" name="product_category" list={categoriesId} {...typedInto(category, setCategory)} />
      <datalist id={categoriesId}>
        {categories.map((known) => (
          <option key={known} value={known} />
        ))}
      </datalist>
      <div aria-live="polite">{message && <p className={message.error ? 'host-error' : 'host-ok'}>{message.text}</p>}</div>
      <button type="submit" className="button button-primary" aria-busy={busy}>
        Agregar a la carta
      </button>
    </form>
  );
}
