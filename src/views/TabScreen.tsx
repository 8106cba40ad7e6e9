import { useCallback } from 'react';
import type { Product } from '../catalogue/index.ts';
import { clearCommentHistory } from '../comments/index.ts';
import type { Guest } from '../guest/index.ts';
import { addOrder, resetTab, useActiveOrders } from '../tab/index.ts';
import { AddProductForm } from './AddProductForm.tsx';
import { ConsumedProducts } from './ConsumedProducts.tsx';

/** Views 2 and 3 together: what a guest with a name sees. */
export function TabScreen({ guest }: { readonly guest: Guest }) {
  const orders = useActiveOrders(guest.id);

  const orderProduct = useCallback(
    (product: Product) => void addOrder(guest.id, { name: product.name, price: product.price }),
    [guest.id],
  );

  const reset = useCallback(() => {
    clearCommentHistory();
    void resetTab(guest.id);
  }, [guest.id]);

  return (
    <>
      <AddProductForm fullName={guest.full_name} onAdd={orderProduct} />
      <ConsumedProducts orders={orders} onReset={reset} />
    </>
  );
}
