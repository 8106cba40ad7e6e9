/**
 * A plain model of one guest's night, for model-based tests: every pick by
 * id, active or not, and what each open screen offers ('Deshacer' while its
 * window lasts). The real tab must end where the model ends: what the screen
 * shows = what IndexedDB holds = what the server holds, to the peso.
 */
import type { Product } from '../../src/catalogue/index.ts';
import { PRODUCTS } from '../../supabase/functions/_shared/menu.ts';

export interface ModelOrder {
  readonly name: string;
  readonly price: number;
  active: boolean;
}

export interface ModelScreen {
  open: boolean;
  /** The order 'Deshacer' would put back, while its window lasts. */
  removal: string | null;
  /** Or the orders a reset took off, which its 'Deshacer' would put back (one offer at a time: the newest). */
  reset: string[] | null;
}

export interface TabModel {
  /** Every pick of the night, by id. */
  readonly orders: Map<string, ModelOrder>;
  /** Two tabs of the same guest: the first is always open. */
  readonly screens: [ModelScreen, ModelScreen];
}

export function newModel(): TabModel {
  return {
    orders: new Map(),
    screens: [
      { open: true, removal: null, reset: null },
      { open: false, removal: null, reset: null },
    ],
  };
}

/** What the guest picks from: cheap and dear, so a wrong total shows in the pesos. */
export const MODEL_PICKS: readonly Product[] = ['Summer Ale 500cc', 'Tabla Irish', 'Aperol Spritz'].map((name) => {
  const product = PRODUCTS.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`${name} is not on the menu`);
  return product;
});

export const activeIds = (model: TabModel): string[] =>
  [...model.orders]
    .filter(([, order]) => order.active)
    .map(([id]) => id)
    .sort();

export const activeTotal = (model: TabModel): number => chargedTotal(model, new Set());

/**
 * What the tab must charge: the active orders but those the server refused
 * (which the phone marks when the refusal comes; the model cannot foresee it,
 * so the caller says which ones the phone holds as refused).
 */
export const chargedTotal = (model: TabModel, refused: ReadonlySet<string>): number =>
  [...model.orders].reduce((sum, [id, order]) => sum + (order.active && !refused.has(id) ? order.price : 0), 0);

/** Every pick, as id → active and price: what IndexedDB and the server must hold. */
export const allOrders = (model: TabModel): Map<string, { active: boolean; price: number }> =>
  new Map([...model.orders].map(([id, order]) => [id, { active: order.active, price: order.price }]));

export function setActive(model: TabModel, ids: readonly string[], active: boolean): void {
  for (const id of ids) {
    const order = model.orders.get(id);
    if (order) order.active = active;
  }
}
