import { useSyncExternalStore } from 'react';
import { acceptGuestName } from './name.ts';
import { GUEST_STORAGE_KEY, loadGuest, saveGuest, type Guest } from './storage.ts';

const listeners = new Set<() => void>();
// Read once, then kept in step by registerGuest and by other tabs' storage events.
// Kept in memory too, so a browser that refuses localStorage still lets the guest order.
let current: Guest | null | undefined;

function snapshot(): Guest | null {
  if (current === undefined) current = loadGuest();
  return current;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== GUEST_STORAGE_KEY) return;
  current = loadGuest();
  notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** Makes a guest from a typed name; a name that is too short is ignored (null). */
export function registerGuest(typedName: string): Guest | null {
  const name = acceptGuestName(typedName);
  if (name === null) return null;
  const guest: Guest = { id: crypto.randomUUID(), full_name: name };
  saveGuest(guest);
  current = guest;
  notify();
  return guest;
}

/**
 * The same guest under a new name, after the server refused the old one: the id
 * (and so the tab) stays. Null when the name is too short, or there is no guest.
 */
export function renameGuest(typedName: string): Guest | null {
  const name = acceptGuestName(typedName);
  const known = snapshot();
  if (name === null || known === null) return null;
  const guest: Guest = { id: known.id, full_name: name };
  saveGuest(guest);
  current = guest;
  notify();
  return guest;
}

/** The stored guest (or null), shared by every component and kept in step across tabs. */
export function useGuest(): Guest | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/** Forgets the cached guest so the next read goes to storage; for tests. */
export function forgetCachedGuest(): void {
  current = undefined;
}
