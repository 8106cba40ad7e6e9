import { useEffect, useRef, useState, type FocusEvent } from 'react';
import type { Order } from '../tab/index.ts';

/** How long 'Deshacer' stays offered, unless the guest is on it (focus or pointer). */
export const UNDO_MS = 6000;

export interface Removal {
  readonly order: Order;
  /** 'Quitar' was pressed with a key: focus goes to 'Deshacer'. */
  readonly fromKeyboard: boolean;
}

interface RemovalToastProps {
  readonly removal: Removal | null;
  readonly onUndo: (removal: Removal) => void;
  /** Time is up: the removal stays. */
  readonly onGone: () => void;
}

/** "Quitaste …" with 'Deshacer', for a few seconds; the live region is always in the page, so it is announced. */
export function RemovalToast({ removal, onUndo, onGone }: RemovalToastProps) {
  return (
    <div className="toast-region" aria-live="polite">
      {removal && <UndoOffer key={removal.order.id} removal={removal} onUndo={onUndo} onGone={onGone} />}
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
      <p className="toast-text">Quitaste {removal.order.product_name}.</p>
      <button ref={undo} type="button" className="button button-secondary" onClick={() => onUndo(removal)}>
        Deshacer
      </button>
    </div>
  );
}
