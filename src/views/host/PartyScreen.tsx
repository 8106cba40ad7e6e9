import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { hostReason, useAccount, useFeed, useHostSession, usePlace, useSection, type Section } from '../../host/index.ts';
import { CloseParty } from './CloseParty.tsx';
import { DownloadCsv } from './DownloadCsv.tsx';
import { FeedLine } from './FeedLine.tsx';
import { GuestList } from './GuestList.tsx';
import { MenuSection } from './MenuSection.tsx';
import { PartyHeader } from './PartyHeader.tsx';
import { PartyTotals } from './PartyTotals.tsx';
import { PartyPoster, ShareSection } from './ShareSection.tsx';
import { SectionTabs } from './SectionTabs.tsx';

/** The bar's bill's section, its rules and parser: loaded the first time it shows (precached with the rest). */
const BillSection = lazy(() => import('./BillSection.tsx'));
/** 'Pagos': the party's ways of being paid, the same way. */
const PaymentsSection = lazy(() => import('./PaymentsSection.tsx'));

/**
 * A party's page, one section at a time (the tabs; the address keeps which):
 * 'Invitados' (totals, guests, the CSV, closing), 'Carta' (its list), 'Cuenta
 * del bar' (the bar's bill against what was declared), 'Pagos' (the ways the
 * party takes, 'Datos para transferir') and 'Compartir' (its link, QR and
 * poster; a new party's key). Every section stays mounted, hidden when not
 * chosen: what each read last is still there with no signal. The bill's and
 * the payments' sections mount when first shown (each reads while it shows).
 */
export function PartyScreen() {
  const { account, places } = useHostSession();
  const paymentsServer = useMemo(() => ({ ask: places.ask, reason: hostReason }), [places]);
  const { role } = useAccount();
  const { made } = usePlace();
  const { snapshot, problem } = useFeed();
  const info = snapshot?.party.info ?? null;
  const [section, goTo] = useSection();
  const [billSeen, setBillSeen] = useState(false);
  if (section === 'cuenta' && !billSeen) setBillSeen(true);
  const [paymentsSeen, setPaymentsSeen] = useState(false);
  if (section === 'pagos' && !paymentsSeen) setPaymentsSeen(true);
  const base = useId();
  const ids = (id: Section) => ({ tab: `${base}tab-${id}`, panel: `${base}panel-${id}` });
  const panel = (id: Section, children: ReactNode) => (
    <div className="host-panel" role="tabpanel" id={ids(id).panel} aria-labelledby={ids(id).tab} hidden={section !== id} tabIndex={0}>
      {children}
    </div>
  );
  return (
    <>
      <div className="host-top">
        <PartyHeader info={info} owner={role === 'owner'} />
        <FeedLine receivedAt={snapshot?.receivedAt ?? null} problem={problem} />
      </div>
      <SectionTabs section={section} onSelect={goTo} ids={ids} />
      {panel(
        'invitados',
        <>
          {snapshot ? (
            <PartyTotals party={snapshot.party} />
          ) : (
            <p className="card note">{problem ? 'La fiesta aparece cuando el servidor responda.' : 'Cargando la fiesta…'}</p>
          )}
          <div className="host-actions">
            <DownloadCsv />
            <button type="button" className="button button-quiet host-sign-out" onClick={account.signOut}>
              Salir
            </button>
          </div>
          {snapshot && <GuestList party={snapshot.party} />}
          {info && info.closed_at === null && <CloseParty />}
        </>,
      )}
      {panel('carta', info && <MenuSection key={info.code} code={info.code} closed={info.closed_at !== null} />)}
      {panel(
        'cuenta',
        info && billSeen && (
          <Suspense fallback={<p className="card note">Cargando la cuenta del bar…</p>}>
            <BillSection key={info.code} code={info.code} active={section === 'cuenta'} />
          </Suspense>
        ),
      )}
      {panel(
        'pagos',
        info && paymentsSeen && (
          <Suspense fallback={<p className="card note">Cargando las formas de pago…</p>}>
            <PaymentsSection key={info.code} active={section === 'pagos'} paymentUrl={info.payment_url} server={paymentsServer} />
          </Suspense>
        ),
      )}
      {panel('compartir', info && <ShareSection info={info} madeKey={made && info.code === made.code ? made.key : null} />)}
      {/* Outside the sections: printing from any of them gives the poster. */}
      {info && <PartyPoster info={info} />}
    </>
  );
}
