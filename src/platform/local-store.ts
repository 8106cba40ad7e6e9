/**
 * localStorage that never throws: privacy modes and full quotas make the real
 * one throw on access or on write, and a guest must never see that.
 */

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A stored JSON value; null when nothing is stored or it does not parse (a corrupt value is no value). */
export function parseStoredJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function readLocal(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the browser refused to keep the value. */
export function writeLocal(key: string, value: string): boolean {
  try {
    const target = store();
    target?.setItem(key, value);
    return target !== null;
  } catch {
    return false;
  }
}

export function removeLocal(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing was kept, so nothing is left to remove.
  }
}

/** The keys that start with `prefix`. */
export function localKeysStartingWith(prefix: string): string[] {
  try {
    const target = store();
    if (!target) return [];
    const keys: string[] = [];
    for (let index = 0; index < target.length; index += 1) {
      const key = target.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}
