import { useId } from 'react';
import type { Guest } from '../guest/index.ts';
import { partyNameOf } from '../party/index.ts';
import { formatPrice, guestTab, useActiveOrders, useTabTotal } from '../tab/index.ts';
import { useDisclosure } from './disclosure.ts';
import { Totals } from './Totals.tsx';

/**
 * 'Fiestas anteriores': the tabs this phone kept in parties it left by opening
 * another party's link, to read (name, party, items and totals), never to change.
 */
export function EarlierParties({ guests }: { readonly guests: readonly Guest[] }) {
  const titleId = useId();
  if (guests.length === 0) return null;
  return (
    <section className="card earlier-parties" aria-labelledby={titleId}>
      <h2 className="card-title" id={titleId}>
        Fiestas anteriores
      </h2>
      <ul className="earlier-list">
        {guests.map((guest) => (
          <EarlierTab key={guest.id} guest={guest} />
        ))}
      </ul>
    </section>
  );
}

function EarlierTab({ guest }: { readonly guest: Guest }) {
  const tab = useDisclosure();
  const party = partyNameOf(guest.party);
  const label = party === null ? guest.full_name : `${guest.full_name} · ${party}`;
  return (
    <li>
      <button type="button" className="button button-quiet earlier-toggle" {...tab.toggle}>
        {tab.open ? `Ocultar la cuenta de ${label}` : `Ver la cuenta de ${label}`}
      </button>
      <div id={tab.regionId} hidden={!tab.open}>
        {tab.open && <EarlierTabRows guestId={guest.id} />}
      </div>
    </li>
  );
}

/** The earlier tab as this phone holds it: read when opened, only then. */
function EarlierTabRows({ guestId }: { readonly guestId: string }) {
  const tab = guestTab(guestId);
  const orders = useActiveOrders(tab);
  const total = useTabTotal(tab);
  if (orders === undefined) return null;
  return (
    <>
      {orders.length === 0 ? (
        <p className="empty">No has agregado productos.</p>
      ) : (
        <ul className="earlier-orders">
          {orders.map((order) => (
            <li key={order.id} className="earlier-order">
              <span>{order.product_name}</span>
              <span className="price">{formatPrice(order.product_price)}</span>
            </li>
          ))}
        </ul>
      )}
      <Totals total={total} />
    </>
  );
}
