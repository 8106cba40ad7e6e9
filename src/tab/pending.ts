/**
 * What the tab shows before IndexedDB has confirmed it (tens of milliseconds on
 * a phone with a long tab): picks just tapped or put back ('Deshacer') show at
 * once, picks just taken off ('Quitar') vanish at once. Each change leaves this
 * overlay once its write finished and the stored tab agrees, or at once if the
 * write fails.
 */
import type { Order } from '../db/index.ts';

interface Change {
  /** True once the phone's write finished. */
  readonly written: boolean;
}

export interface PendingChanges {
  /** Orders to show: tapped, or put back. */
  readonly shown: ReadonlyMap<string, Change & { readonly order: Order }>;
  /** Ids to leave out: taken off. */
  readonly hidden: ReadonlyMap<string, Change>;
}

const NOTHING_PENDING: PendingChanges = { shown: new Map(), hidden: new Map() };
let pending = NOTHING_PENDING;
const listeners = new Set<() => void>();

function publish(next: PendingChanges): void {
  pending = next;
  for (const listener of listeners) listener();
}

function withShown(change: (shown: Map<string, Change & { readonly order: Order }>) => void): void {
  const shown = new Map(pending.shown);
  change(shown);
  publish({ ...pending, shown });
}

function withHidden(change: (hidden: Map<string, Change>) => void): void {
  const hidden = new Map(pending.hidden);
  change(hidden);
  publish({ ...pending, hidden });
}

/** Shows the order at once (a new pick, or one put back); `forgetPending` if its write fails. */
export function showPending(order: Order): void {
  withShown((shown) => shown.set(order.id, { order, written: false }));
}

/** Leaves the order out at once (taken off); `forgetPending` if its write fails. */
export function hidePending(orderId: string): void {
  withHidden((hidden) => hidden.set(orderId, { written: false }));
}

/** The write behind a shown order finished: it stays shown until the stored tab has it. */
export function shownWritten(orderId: string): void {
  const shown = pending.shown.get(orderId);
  if (!shown || shown.written) return;
  if (listeners.size === 0) forgetPending({ shown: [orderId] });
  else withShown((all) => all.set(orderId, { ...shown, written: true }));
}

/** The write behind a hidden order finished: it stays hidden until the stored tab lets it go. */
export function hiddenWritten(orderId: string): void {
  const hidden = pending.hidden.get(orderId);
  if (!hidden || hidden.written) return;
  if (listeners.size === 0) forgetPending({ hidden: [orderId] });
  else withHidden((all) => all.set(orderId, { written: true }));
}

/** Ids of pending changes, by kind: an order can be shown (tapped) and hidden (taken off) at once. */
export interface PendingIds {
  readonly shown: readonly string[];
  readonly hidden: readonly string[];
}

/** Drops these pending changes: their write failed, or was overtaken. */
export function forgetPending(ids: Partial<PendingIds>): void {
  const next = without(ids);
  if (next) publish(next);
}

/**
 * Drops changes the stored tab now agrees with, telling no one: what the tab
 * shows stays the same, so nothing needs to render again for it.
 */
export function forgetSettled(ids: PendingIds): void {
  pending = without(ids) ?? pending;
}

function without({ shown = [], hidden = [] }: Partial<PendingIds>): PendingChanges | null {
  if (!shown.some((id) => pending.shown.has(id)) && !hidden.some((id) => pending.hidden.has(id))) return null;
  const keptShown = new Map(pending.shown);
  const keptHidden = new Map(pending.hidden);
  for (const id of shown) keptShown.delete(id);
  for (const id of hidden) keptHidden.delete(id);
  return { shown: keptShown, hidden: keptHidden };
}

/** A reset: the guest's picks still waiting are gone with the rest. */
export function forgetPendingOf(userId: string): void {
  const theirs = [...pending.shown.values()].filter((change) => change.order.user_id === userId).map((change) => change.order.id);
  forgetPending({ shown: theirs });
}

export const pendingChanges = (): PendingChanges => pending;

/** The orders shown before the phone confirmed them, oldest change first. */
export const pendingOrders = (): readonly Order[] => [...pending.shown.values()].map((change) => change.order);

/**
 * While no screen shows the tab, a written change has nobody to wait for: the
 * stored tab has it, and the next screen reads that. So the last listener to
 * leave takes the written changes with it, and later writes leave at once.
 */
export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) pending = withoutWritten(pending);
  };
}

function withoutWritten({ shown, hidden }: PendingChanges): PendingChanges {
  const unwritten = <T extends Change>(changes: ReadonlyMap<string, T>) => new Map([...changes].filter(([, change]) => !change.written));
  return { shown: unwritten(shown), hidden: unwritten(hidden) };
}

/** True when the stored tab (newest first) has the order; looks only as far back as the order's own time. */
function storedHas(stored: readonly Order[], order: Order): boolean {
  for (const other of stored) {
    if (other.id === order.id) return true;
    if (other.created_at < order.created_at) return false;
  }
  return false;
}

/** The changes that are written and that the stored tab (newest first) now agrees with. */
export function settledPending(changes: PendingChanges, stored: readonly Order[]): PendingIds {
  const shown: string[] = [];
  const hidden: string[] = [];
  for (const [id, change] of changes.shown) if (change.written && storedHas(stored, change.order)) shown.push(id);
  if (changes.hidden.size > 0) {
    const storedIds = new Set(stored.map((order) => order.id));
    for (const [id, change] of changes.hidden) if (change.written && !storedIds.has(id)) hidden.push(id);
  }
  return { shown, hidden };
}

const newestFirst = (a: Order, b: Order) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);

/**
 * The stored tab (newest first) as the guest should see it now: the guest's
 * shown orders in their place by time, never twice, and the hidden ones left
 * out. The stored array itself when nothing is pending, so a re-read of the
 * same tab changes nothing downstream.
 */
export function withPending(stored: readonly Order[], changes: PendingChanges, userId: string): readonly Order[] {
  const { shown, hidden } = changes;
  const fresh = [...shown.values()]
    .map((change) => change.order)
    .filter((order) => order.user_id === userId && !hidden.has(order.id) && !storedHas(stored, order));
  const kept = hidden.size === 0 ? stored : stored.filter((order) => !hidden.has(order.id));
  return fresh.length === 0 ? kept : mergeNewestFirst(kept, fresh.sort(newestFirst));
}

function mergeNewestFirst(stored: readonly Order[], fresh: readonly Order[]): Order[] {
  const merged: Order[] = [];
  let next = 0;
  for (const order of stored) {
    while (next < fresh.length && newestFirst(fresh[next] as Order, order) <= 0) merged.push(fresh[next++] as Order);
    merged.push(order);
  }
  while (next < fresh.length) merged.push(fresh[next++] as Order);
  return merged;
}
