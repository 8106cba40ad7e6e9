import Dexie, { type ObservabilitySet } from 'dexie';
import { useCallback, useSyncExternalStore } from 'react';
import { db, touchesStores, type Order } from '../db/index.ts';
import { ordersTotal } from './money.ts';
import { activeOrders } from './orders.ts';
import { forgetSettled, pendingChanges, settledPending, subscribePending, withPending } from './pending.ts';

/**
 * Quiet time after a change to the stored orders before the tab is read again.
 * A guest's own picks show at once through the pending overlay; the re-read
 * (every order of a long tab, from IndexedDB) only confirms them, so it waits
 * until a burst of taps is over instead of running between two taps.
 */
export const REREAD_QUIET_MS = 500;

const sameOrder = (a: Order, b: Order) =>
  a === b ||
  (a.id === b.id &&
    a.user_id === b.user_id &&
    a.product_name === b.product_name &&
    a.product_price === b.product_price &&
    a.active === b.active &&
    a.created_at === b.created_at &&
    a.rejected === b.rejected);

const sameTab = (a: readonly Order[], b: readonly Order[]) =>
  a === b || (a.length === b.length && a.every((order, index) => sameOrder(order, b[index] as Order)));

/**
 * One guest's tab as the screen shows it: the stored orders (newest first)
 * with the pending picks laid over them. It tells its listeners only when what
 * the guest sees changed: a re-read that agrees with the screen renders nothing.
 */
class LiveTab {
  private stored: readonly Order[] | undefined;
  private view: readonly Order[] | undefined;
  private sum = 0;
  private readonly listeners = new Set<() => void>();
  private stopPending: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readDueAt = 0;
  /** Bumped by each read and each change, so a read overtaken by a change is done again. */
  private generation = 0;
  private reading = false;
  private stopped = false;

  constructor(private readonly userId: string) {}

  readonly current = (): readonly Order[] | undefined => this.view;
  readonly total = (): number => this.sum;
  readonly state = (): TabState => (this.view === undefined ? 'loading' : this.view.length === 0 ? 'empty' : 'open');

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get unused(): boolean {
    return this.listeners.size === 0;
  }

  start(): void {
    this.stopPending = subscribePending(this.pendingChanged);
    Dexie.on('storagemutated', this.storageChanged);
    void this.read();
  }

  stop(): void {
    this.stopped = true;
    this.stopPending?.();
    Dexie.on.storagemutated.unsubscribe(this.storageChanged);
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private readonly pendingChanged = () => {
    // A tap: the overlay shows it now, and a re-read due soon waits for the taps to stop.
    if (this.timer !== null) this.scheduleRead();
    this.update();
  };

  private readonly storageChanged = (parts: ObservabilitySet) => {
    if (this.stopped || !touchesStores(parts, db.name, ['orders'])) return;
    this.generation += 1;
    this.scheduleRead();
  };

  /**
   * At once, unless picks are still on their way (the guest is tapping): then
   * once the taps stop. A tap only moves the due time; the armed timer looks
   * at it when it fires, so tapping never clears and sets timers.
   */
  private scheduleRead(): void {
    const { shown, hidden } = pendingChanges();
    const delay = shown.size > 0 || hidden.size > 0 ? REREAD_QUIET_MS : 0;
    this.readDueAt = Date.now() + delay;
    if (this.timer !== null && delay > 0) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(this.readWhenDue, delay);
  }

  private readonly readWhenDue = () => {
    const wait = this.readDueAt - Date.now();
    this.timer = wait > 0 ? setTimeout(this.readWhenDue, wait) : null;
    if (wait <= 0) void this.read();
  };

  private async read(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    const generation = this.generation;
    try {
      const stored = await activeOrders(db, this.userId);
      if (this.stopped) return;
      this.stored = stored;
      // Changes the stored tab now agrees with need no optimistic copy any more.
      const changes = pendingChanges();
      if (changes.shown.size > 0 || changes.hidden.size > 0) forgetSettled(settledPending(changes, stored));
      this.update();
    } catch {
      // The database went away (closed or deleted): the next change reads again.
    } finally {
      this.reading = false;
    }
    if (!this.stopped && generation !== this.generation && this.timer === null) void this.read();
  }

  private update(): void {
    if (this.stored === undefined) return;
    const next = withPending(this.stored, pendingChanges(), this.userId);
    if (this.view !== undefined && sameTab(this.view, next)) return;
    this.view = next;
    this.sum = ordersTotal(next);
    for (const listener of this.listeners) listener();
  }
}

/** Whether the phone's copy of the tab is still being read, holds nothing, or holds orders. */
export type TabState = 'loading' | 'empty' | 'open';

const tabs = new Map<string, LiveTab>();

function tabOf(userId: string): LiveTab {
  let tab = tabs.get(userId);
  if (!tab) {
    tab = new LiveTab(userId);
    tabs.set(userId, tab);
    tab.start();
  }
  return tab;
}

function subscribeTab(userId: string, listener: () => void): () => void {
  const tab = tabOf(userId);
  const unsubscribe = tab.subscribe(listener);
  return () => {
    unsubscribe();
    if (!tab.unused) return;
    // The screen went away: stop watching, and read afresh when it comes back.
    tab.stop();
    if (tabs.get(userId) === tab) tabs.delete(userId);
  };
}

function useLiveTab<T>(userId: string, read: (tab: LiveTab | undefined) => T): T {
  const subscribe = useCallback((listener: () => void) => subscribeTab(userId, listener), [userId]);
  return useSyncExternalStore(subscribe, () => read(tabs.get(userId)));
}

/**
 * The guest's active orders, newest first, live in every open tab, with picks
 * just tapped, taken off or put back shown so at once; undefined while loading.
 * The same array until what the guest sees changes.
 */
export function useActiveOrders(userId: string): readonly Order[] | undefined {
  return useLiveTab(userId, (tab) => tab?.current());
}

/**
 * The sum of those orders (0 while loading). Its own subscription: a pick
 * renders the totals in the tap's frame without rendering the rows with them.
 */
export function useTabTotal(userId: string): number {
  return useLiveTab(userId, (tab) => tab?.total() ?? 0);
}

/** Loading, empty or open: changes only when the tab's first order comes or its last goes. */
export function useTabState(userId: string): TabState {
  return useLiveTab(userId, (tab) => tab?.state() ?? 'loading');
}

/** The orders the screen shows now (newest first), read when needed rather than rendered. */
export function ordersOnScreen(userId: string): readonly Order[] {
  return tabs.get(userId)?.current() ?? [];
}
