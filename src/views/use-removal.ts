import { useCallback, useRef, useState } from 'react';
import type { ClearedComments } from '../comments/index.ts';
import type { Order, TabReset, TabStore } from '../tab/index.ts';
import type { Removal } from './RemovalToast.tsx';

/** The comments a reset clears with the tab, and puts back with its 'Deshacer'. */
export interface ResetComments {
  readonly reset: () => ClearedComments;
  readonly undoReset: (cleared: ClearedComments) => void;
}

interface RemovalOptions {
  readonly tab: TabStore;
  readonly comments: ResetComments;
  /** The phone took the change (true) or refused it (false). */
  readonly onSaved: (saved: boolean) => void;
}

export interface Removals {
  /** The last pick taken off, or the last reset, while 'Deshacer' is offered. */
  readonly removal: Removal | null;
  readonly takeOff: (order: Order, fromKeyboard: boolean) => void;
  /** 'Estaba jugando, resetear lo consumido': the tab and the comments emptied at once, with 'Deshacer' offered. */
  readonly resetTab: (fromKeyboard: boolean) => void;
  readonly putBack: (removal: Removal) => void;
  /** 'Deshacer' is no longer offered (time is up). */
  readonly forget: () => void;
  /** Called by the rows each time they are on screen: after 'Deshacer' from the keyboard, focus goes to the order that came back. */
  readonly rowsShown: () => void;
}

/**
 * 'Quitar', the reset, and their 'Deshacer': each change shows at once; a
 * refused one is undone on screen and reported. One offer at a time: the
 * newest removal or reset.
 */
export function useRemoval({ tab, comments, onSaved }: RemovalOptions): Removals {
  const [removal, setRemoval] = useState<Removal | null>(null);
  const resets = useRef(0);
  // What each reset cleared of the comments, for its 'Deshacer'.
  const clearedBy = useRef(new WeakMap<TabReset, ClearedComments>());
  // After 'Deshacer' from the keyboard, focus goes to the order that came back (the newest of a reset's), once its row is on screen.
  const refocus = useRef<string | null>(null);
  const rowsShown = useCallback(() => {
    const orderId = refocus.current;
    const button = orderId === null ? null : document.querySelector<HTMLElement>(`.button-remove[data-order-id="${orderId}"]`);
    if (!button) return;
    refocus.current = null;
    button.focus();
  }, []);

  const takeOff = useCallback(
    (order: Order, fromKeyboard: boolean) => {
      setRemoval({ kind: 'order', order, fromKeyboard });
      tab.takeOff(order).then(
        () => onSaved(true),
        () => {
          onSaved(false);
          setRemoval((shown) => (shown?.kind === 'order' && shown.order.id === order.id ? null : shown));
        },
      );
    },
    [tab, onSaved],
  );

  const resetTab = useCallback(
    (fromKeyboard: boolean) => {
      const cleared = comments.reset();
      const reset = tab.resetWithUndo();
      resets.current += 1;
      clearedBy.current.set(reset, cleared);
      const offer: Removal = { kind: 'reset', reset, id: resets.current, fromKeyboard };
      // Nothing was on the tab as shown: nothing to undo.
      setRemoval(reset.orders.length > 0 ? offer : null);
      reset.written.then(
        () => onSaved(true),
        () => {
          // The tab stays as it was: so do its comments, and there is nothing to undo.
          comments.undoReset(cleared);
          onSaved(false);
          setRemoval((shown) => (shown === offer ? null : shown));
        },
      );
    },
    [tab, comments, onSaved],
  );

  const putBack = useCallback(
    (undone: Removal) => {
      const orderId = undone.kind === 'order' ? undone.order.id : undone.reset.orders[0]?.id;
      if (undone.fromKeyboard && orderId !== undefined) refocus.current = orderId;
      setRemoval(null);
      const written = undone.kind === 'order' ? tab.putBack(undone.order) : tab.undoReset(undone.reset);
      written.then(
        () => {
          const cleared = undone.kind === 'reset' ? clearedBy.current.get(undone.reset) : undefined;
          if (cleared) comments.undoReset(cleared);
          onSaved(true);
        },
        () => {
          if (refocus.current === orderId) refocus.current = null;
          onSaved(false);
        },
      );
    },
    [tab, comments, onSaved],
  );

  const forget = useCallback(() => setRemoval(null), []);
  return { removal, takeOff, resetTab, putBack, forget, rowsShown };
}
