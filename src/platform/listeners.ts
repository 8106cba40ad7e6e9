/**
 * The readers of a value kept outside React, as useSyncExternalStore follows
 * them: one way to add, drop and tell them, so every store of the app keeps
 * them the same way. A store that follows something itself (the database, the
 * other tabs) starts with its first reader and stops with its last.
 */

export interface Listeners {
  /** useSyncExternalStore's subscribe: adds a reader, returns what drops it. */
  readonly subscribe: (listener: () => void) => () => void;
  /** Tells every reader the value may have changed. */
  readonly notify: () => void;
}

/** A store a view follows (useSyncExternalStore): its value now, and the readers told when it changes. */
export interface Followed<State> {
  readonly current: () => State;
  readonly subscribe: Listeners['subscribe'];
}

export interface FirstAndLast {
  /** The first reader came: start following what the value comes from. */
  readonly first?: () => void;
  /** The last reader left: stop following it. */
  readonly last?: () => void;
}

export function createListeners({ first, last }: FirstAndLast = {}): Listeners {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      if (listeners.size === 1) first?.();
      return () => {
        // Dropped twice, a reader still leaves once.
        if (listeners.delete(listener) && listeners.size === 0) last?.();
      };
    },
    notify: () => {
      for (const listener of listeners) listener();
    },
  };
}
