import { db, type BarTabDatabase, type Order } from '../db/index.ts';
import { forgetInactive, rememberInactive } from '../sync/index.ts';
import { journal, journalled, unjournal } from './journal.ts';
import * as records from './orders.ts';
import { forgetPending, forgetPendingOf, hiddenWritten, hidePending, showPending, shownWritten } from './pending.ts';

export type { Order } from '../db/index.ts';
export { openTabStorage } from '../db/index.ts';
export { formatPesos, formatPrice, paymentLink, PRICE_ERROR_TEXT, tabTotal, tippedTotal } from './money.ts';
export type { Pick } from './orders.ts';
export { ordersOnScreen, useActiveOrders, useTabState, useTabTotal, type TabState } from './useTab.ts';

/** Which order a change is about: its id and whose tab it is on. */
export type OrderRef = Pick<Order, 'id' | 'user_id'>;

/** Everything done to one phone's tab. The app's own is below; tests and benchmarks open others on their own databases. */
export interface Tab {
  /**
   * Records one pick (and queues it for the server). On screen it shows at
   * once; if the phone refuses to store it, it disappears again and the promise rejects.
   */
  readonly addOrder: (userId: string, pick: records.Pick, now?: Date) => Promise<Order>;
  /** The guest's active orders, newest first. */
  readonly activeOrders: (userId: string) => Promise<Order[]>;
  /**
   * Empties the guest's tab (and queues the reset). The ids are also kept
   * beside `user`, so a tab read back from the server after the browser
   * evicted IndexedDB never shows them again.
   */
  readonly resetTab: (userId: string) => Promise<string[]>;
  /** 'Quitar': off the tab at once, then on the phone and the server. False when it was not on this guest's tab. */
  readonly takeOffTab: (order: OrderRef) => Promise<boolean>;
  /** 'Deshacer': the same order back on the tab at once, then on the phone and the server. */
  readonly putBackOnTab: (order: Order) => Promise<boolean>;
}

/**
 * The tab kept in `database`. Only the database the screen shows (the app's
 * own) shows changes before IndexedDB confirms them; a phone with no screen
 * has nobody to show them to.
 */
export function openTab(database: BarTabDatabase): Tab {
  const onScreen = database === db;
  const inTurn = writesInTurn();
  const setActive = async (order: OrderRef, active: boolean) => {
    const changed = await records.setOrderActive(database, order.user_id, order.id, active);
    if (changed) (active ? forgetInactive : rememberInactive)(order.user_id, [order.id]);
    return changed;
  };
  /** The write behind a change already on screen: the overlay keeps it until the stored tab agrees, or drops it if nothing changed or the write failed. */
  const writeShownChange = async (kind: 'shown' | 'hidden', orderId: string, write: () => Promise<boolean>) => {
    try {
      const changed = await inTurn(orderId, write);
      if (changed) (kind === 'shown' ? shownWritten : hiddenWritten)(orderId);
      else forgetPending({ [kind]: [orderId] });
      return changed;
    } catch (error) {
      forgetPending({ [kind]: [orderId] });
      throw error;
    }
  };
  return {
    async addOrder(userId, pick, now) {
      const order = records.newOrder(userId, pick, now);
      if (!onScreen) return records.saveOrder(database, order).then(() => order);
      journal(order);
      showPending(order);
      try {
        await inTurn(order.id, () => records.saveOrder(database, order));
      } catch (error) {
        forgetPending({ shown: [order.id] });
        throw error;
      } finally {
        unjournal(order.id);
      }
      shownWritten(order.id);
      return order;
    },
    activeOrders: (userId) => records.activeOrders(database, userId),
    async resetTab(userId) {
      if (onScreen) forgetPendingOf(userId);
      const ids = await records.resetTab(database, userId);
      rememberInactive(userId, ids);
      return ids;
    },
    async takeOffTab(order) {
      if (!onScreen) return setActive(order, false);
      hidePending(order.id);
      return writeShownChange('hidden', order.id, () => setActive(order, false));
    },
    async putBackOnTab(order) {
      if (!onScreen) return setActive(order, true);
      forgetPending({ hidden: [order.id] });
      showPending({ ...order, active: true });
      return writeShownChange('shown', order.id, () => setActive(order, true));
    },
  };
}

/** The next task: the tap's own frame shows the change first, the phone's write follows right after. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Writes to one order run one after the other, as tapped: 'Quitar' on a pick still being saved waits for the save. */
function writesInTurn() {
  const inFlight = new Map<string, Promise<unknown>>();
  return <T>(orderId: string, write: () => Promise<T>): Promise<T> => {
    const written = (inFlight.get(orderId) ?? nextTask()).then(write, write);
    const done = written.catch(() => undefined);
    inFlight.set(orderId, done);
    void done.then(() => {
      if (inFlight.get(orderId) === done) inFlight.delete(orderId);
    });
    return written;
  };
}

/** Writes the picks a reload or a closed tab cut off on their way to IndexedDB (journal.ts). */
export async function writeJournalledPicks(): Promise<void> {
  for (const order of journalled()) {
    try {
      await records.saveOrder(db, order);
      unjournal(order.id);
    } catch {
      // Kept in the journal: the next start tries again.
    }
  }
}

/** This phone's tab, the one on screen. */
export const { addOrder, activeOrders, resetTab, takeOffTab, putBackOnTab } = openTab(db);
