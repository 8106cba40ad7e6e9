import { useSyncExternalStore } from 'react';
import { acceptGuestName } from './name.ts';
import { readLocal } from '../platform/index.ts';
import { GUEST_STORAGE_KEY, parseStoredGuest, saveGuest, type Guest } from './storage.ts';

const listeners = new Set<() => void>();

/**
 * The guest, and what storage held when it was last read or written: a change
 * made there by anyone (another tab, a cleared site) shows on the next read,
 * parsed once. A browser that refuses localStorage keeps answering the same
 * value, so the guest kept here in memory still orders.
 */
let seen: { readonly raw: string | null; readonly guest: Guest | null } | undefined;

function snapshot(): Guest | null {
  const raw = readLocal(GUEST_STORAGE_KEY);
  if (seen?.raw !== raw) seen = { raw, guest: parseStoredGuest(raw) };
  return seen.guest;
}

function keep(guest: Guest): void {
  saveGuest(guest);
  seen = { raw: readLocal(GUEST_STORAGE_KEY), guest };
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === GUEST_STORAGE_KEY) notify();
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
  keep(guest);
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
  keep(guest);
  return guest;
}

/** The stored guest (or null), shared by every component and kept in step across tabs. */
export function useGuest(): Guest | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

