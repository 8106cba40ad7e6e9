import { useEffect, useRef, useState, type FocusEvent } from 'react';
import type { Order, TabReset } from '../tab/index.ts';

/** How long 'Deshacer' stays offered, unless the guest is on it (focus or pointer). */
export const UNDO_MS = 6000;

/** What 'Deshacer' would undo: one 'Quitar', or a reset. */
export type Removal =
  | {
      readonly kind: 'order';
      readonly order: Order;
      /** 'Quitar' was pressed with a key: focus goes to 'Deshacer'. */
      readonly fromKeyboard: boolean;
    }
  | {
      readonly kind: 'reset';
      readonly reset: TabReset;
      /** Tells this reset's offer from the next one's. */
      readonly id: number;
      /** The reset button was pressed with a key: focus goes to 'Deshacer'. */
      readonly fromKeyboard: boolean;
    };

interface RemovalToastProps {
  readonly removal: Removal | null;
  readonly onUndo: (removal: Removal) => void;
  /** Time is up: the removal stays. */
  readonly onGone: () => void;
}

const productCount = (count: number) => (count === 1 ? '1 producto' : `${count} productos`);

/** What the toast says of the removal. */
export function removalText(removal: Removal): string {
  return removal.kind === 'order' ? `Quitaste ${removal.order.product_name}.` : `Reseteaste lo consumido: ${productCount(removal.reset.orders.length)}.`;
}

const keyOf = (removal: Removal) => (removal.kind === 'order' ? `order:${removal.order.id}` : `reset:${removal.id}`);

/** "Quitaste …" (or the reset) with 'Deshacer', for a few seconds; the live region is always in the page, so it is announced. */
export function RemovalToast({ removal, onUndo, onGone }: RemovalToastProps) {
  return (
    <div className="toast-region" aria-live="polite">
      {removal && <UndoOffer key={keyOf(removal)} removal={removal} onUndo={onUndo} onGone={onGone} />}
    </div>
  );
}

function UndoOffer({ removal, onUndo, onGone }: RemovalToastProps & { readonly removal: Removal }) {
  const [focused, setFocused] = useState(false);
  const [pointed, setPointed] = useState(false);
  const undo = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (removal.fromKeyboard) undo.current?.focus();
  }, [removal]);

  useEffect(() => {
    if (focused || pointed) return undefined;
    const timer = setTimeout(onGone, UNDO_MS);
    return () => clearTimeout(timer);
  }, [focused, pointed, onGone]);

  const leaves = (event: FocusEvent<HTMLDivElement>) => !event.currentTarget.contains(event.relatedTarget);
  return (
    <div
      className="toast"
      onFocus={() => setFocused(true)}
      onBlur={(event) => leaves(event) && setFocused(false)}
      onPointerEnter={() => setPointed(true)}
      onPointerLeave={() => setPointed(false)}
    >
      <p className="toast-text">{removalText(removal)}</p>
      <button ref={undo} type="button" className="button button-secondary" onClick={() => onUndo(removal)}>
        Deshacer
      </button>
    </div>
  );
}
