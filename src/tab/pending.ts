/**
 * Picks shown the moment they are tapped, before IndexedDB has confirmed them
 * (tens of milliseconds on a phone with a long tab). Each leaves this list once
 * the stored tab includes it, or at once if the write fails.
 */
import type { Order } from '../db/index.ts';

let pending: readonly Order[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly Order[]): void {
  pending = next;
  for (const listener of listeners) listener();
}

export function showPending(order: Order): void {
  publish([...pending, order]);
}

export function forgetPending(ids: readonly string[]): void {
  const gone = new Set(ids);
  if (pending.some((order) => gone.has(order.id))) publish(pending.filter((order) => !gone.has(order.id)));
}

export function forgetPendingOf(userId: string): void {
  if (pending.some((order) => order.user_id === userId)) publish(pending.filter((order) => order.user_id !== userId));
}

export const pendingOrders = (): readonly Order[] => pending;

export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored tab (newest first) with the guest's pending picks on top; a pick already stored is not shown twice. */
export function withPending(stored: readonly Order[], waiting: readonly Order[], userId: string): Order[] {
  const storedIds = new Set(stored.map((order) => order.id));
  const fresh = waiting.filter((order) => order.user_id === userId && !storedIds.has(order.id));
  return fresh.length === 0 ? [...stored] : [...fresh.reverse(), ...stored];
}

/** Forgets every pending pick; for tests, which start each case with an empty phone. */
export function forgetAllPending(): void {
  publish([]);
}
