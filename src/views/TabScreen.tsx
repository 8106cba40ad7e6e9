import { useCallback, useEffect, useState } from 'react';
import type { Product } from '../catalogue/index.ts';
import { useOrderComment } from '../comments/index.ts';
import type { Guest } from '../guest/index.ts';
import { requestPersistentStorage } from '../pwa/index.ts';
import { retryRefusedChanges, useSync, useSyncLine } from '../sync/hooks.ts';
import { addOrder, resetTab, useActiveOrders } from '../tab/index.ts';
import { AddProductForm } from './AddProductForm.tsx';
import { ConsumedProducts } from './ConsumedProducts.tsx';
import { OrderComment } from './OrderComment.tsx';

const SAVE_FAILED = 'No se pudo guardar en este teléfono. Intenta de nuevo.';

/** Views 2 and 3 together: what a guest with a name sees. */
export function TabScreen({ guest }: { readonly guest: Guest }) {
  const orders = useActiveOrders(guest.id);
  const [saveFailed, setSaveFailed] = useState(false);
  useSync(guest);
  const syncLine = useSyncLine();
  const { comment, enabled: commentsOn, commentOn, reset: resetComment } = useOrderComment(guest);

  useEffect(() => {
    // There is a tab worth keeping now: ask the browser not to evict it.
    void requestPersistentStorage();
  }, []);

  const orderProduct = useCallback(
    (product: Product) => {
      addOrder(guest.id, { name: product.name, price: product.price }).then(
        (order) => {
          setSaveFailed(false);
          // The tab on screen already holds the earlier orders: no second read of the database.
          commentOn(order, orders ?? []);
        },
        () => setSaveFailed(true),
      );
    },
    [guest.id, commentOn, orders],
  );

  const reset = useCallback(() => {
    resetComment();
    resetTab(guest.id).then(
      () => setSaveFailed(false),
      () => setSaveFailed(true),
    );
  }, [guest.id, resetComment]);

  return (
    <>
      {/* One grid cell: the comment's empty live region adds no gap under the form. */}
      <div>
        <AddProductForm fullName={guest.full_name} onAdd={orderProduct} />
        {commentsOn && <OrderComment comment={comment} />}
      </div>
      {saveFailed && (
        <p className="save-failed" role="alert">
          {SAVE_FAILED}
        </p>
      )}
      <ConsumedProducts orders={orders} onReset={reset} />
      {syncLine && (
        <div className="sync-status">
          <p className={`sync-line sync-${syncLine.tone}`} role="status">
            {syncLine.text}
          </p>
          {syncLine.canRetry && (
            <button type="button" className="button button-quiet" onClick={() => void retryRefusedChanges()}>
              Reintentar
            </button>
          )}
        </div>
      )}
    </>
  );
}
