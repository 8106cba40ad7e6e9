import { useCallback, useRef, useState } from 'react';
import type { Order, TabStore } from '../tab/index.ts';
import type { Removal } from './RemovalToast.tsx';

interface RemovalOptions {
  readonly tab: TabStore;
  /** The phone took the change (true) or refused it (false). */
  readonly onSaved: (saved: boolean) => void;
}

export interface Removals {
  /** The last pick taken off, while 'Deshacer' is offered. */
  readonly removal: Removal | null;
  readonly takeOff: (order: Order, fromKeyboard: boolean) => void;
  readonly putBack: (removal: Removal) => void;
  /** 'Deshacer' is no longer offered (time is up, or the tab was reset). */
  readonly forget: () => void;
  /** Called by the rows each time they are on screen: after 'Deshacer' from the keyboard, focus goes to the order that came back. */
  readonly rowsShown: () => void;
}

/** 'Quitar' and 'Deshacer': each change shows at once; a refused one is undone on screen and reported. */
export function useRemoval({ tab, onSaved }: RemovalOptions): Removals {
  const [removal, setRemoval] = useState<Removal | null>(null);
  // After 'Deshacer' from the keyboard, focus goes to the order that came back, once its row is on screen.
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
      setRemoval({ order, fromKeyboard });
      tab.takeOff(order).then(
        () => onSaved(true),
        () => {
          onSaved(false);
          setRemoval((shown) => (shown?.order.id === order.id ? null : shown));
        },
      );
    },
    [tab, onSaved],
  );

  const putBack = useCallback(
    ({ order, fromKeyboard }: Removal) => {
      if (fromKeyboard) refocus.current = order.id;
      setRemoval(null);
      tab.putBack(order).then(
        () => onSaved(true),
        () => {
          if (refocus.current === order.id) refocus.current = null;
          onSaved(false);
        },
      );
    },
    [tab, onSaved],
  );

  const forget = useCallback(() => setRemoval(null), []);
  return { removal, takeOff, putBack, forget, rowsShown };
}
