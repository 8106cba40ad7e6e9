import { memo, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Product } from '../catalogue/index.ts';
import { useCommentState, useOrderComment, type CommentWatch } from '../comments/index.ts';
import { env } from '../config/env.ts';
import type { Guest } from '../guest/index.ts';
import { requestPersistentStorage } from '../pwa/index.ts';
import { retryRefusedChanges, usePageOutbox, useSyncLine } from '../sync/hooks.ts';
import { partyNameOf, useTabStatus } from '../party/index.ts';
import { usePaymentReadBack } from '../payments/index.ts';
import { guestTab, keepServerBill, useUnclaimed, type Order, type TabStore, type UnclaimedLine } from '../tab/index.ts';
import { AddProductForm } from './AddProductForm.tsx';
import { ConsumedProducts, type PartyTerms } from './ConsumedProducts.tsx';
import { InviteSomeone } from './InviteSomeone.tsx';
import { PartyMenu } from './menu-context.tsx';
import { OrderComment } from './OrderComment.tsx';
import { PartyOver } from './PartyOver.tsx';
import { PaidMarkLine } from './PartyStatus.tsx';
import { RemovalToast } from './RemovalToast.tsx';
import { StickyTotal } from './StickyTotal.tsx';
import { useRemoval, type Removals } from './use-removal.ts';
import { LaterBillClaims } from './later-views.ts';

/** '¿Alguien pidió esto?' comes with its own code, only while the party's bill has lines nobody declared. */

const SAVE_FAILED = 'No se pudo guardar en este teléfono. Intenta de nuevo.';

/** Views 2 and 3 together: what a guest with a name sees. */
export function TabScreen({ guest }: { readonly guest: Guest }) {
  const totalsRef = useRef<HTMLDivElement>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const tab = guestTab(guest.id);
  const status = useTabStatus(guest, tab.billVersion);
  const over = Boolean(status?.closedAt);
  // As the server last said it, or as the party's link found it: never a placeholder.
  const partyName = status?.partyName ?? partyNameOf(guest.party);
  const paymentUrl = status?.paymentUrl ?? env.paymentUrl;
  const partyPage = Boolean(status?.paymentUrl);
  const mercadoPago = status?.mercadoPago === true;
  const paid = status?.paid?.amount ?? 0;
  const { id, party } = guest;
  usePaymentReadBack(guest, status);
  // The status is read anew at each contact: the same account and notices keep the same object.
  const transferKey = JSON.stringify(status?.transfer ? { details: status.transfer, notices: status.transferNotices } : null);
  const transfer = useMemo(() => JSON.parse(transferKey) as PartyTerms['transfer'], [transferKey]);
  // The payments and refunds are read anew at each contact: the same lines keep the same objects.
  const linesKey = JSON.stringify([status?.payments ?? [], status?.refunds ?? []]);
  const [payments, refunds] = useMemo(() => JSON.parse(linesKey) as [PartyTerms['payments'], PartyTerms['refunds']], [linesKey]);
  const heard = status !== null;
  const pending = status?.pending ?? 0;
  const lastPayment = status?.lastPayment?.status ?? null;
  // One object while the terms hold: the tab below renders again only when they change.
  const terms = useMemo(
    () => ({ paymentUrl, partyPage, final: over, heard, mercadoPago, paid, pending, lastPayment, payments, refunds, payer: { id, party }, transfer }),
    [paymentUrl, partyPage, over, heard, mercadoPago, paid, pending, lastPayment, payments, refunds, id, party, transfer],
  );
  const { watch: commentWatch, enabled: commentsOn, commentOn, reset: resetComments, undoReset: undoResetComments } = useOrderComment(guest);

  const bill = status?.bill;
  const askedAt = status?.askedAt ?? 0;
  useEffect(() => {
    // The bar's bill as the server said it: kept in IndexedDB, where the tab reads it (and the basement finds it), the guest's claims held to it.
    if (bill !== undefined) void keepServerBill(guest.id, bill, askedAt).catch(() => undefined);
  }, [guest.id, bill, askedAt]);

  useEffect(() => {
    // There is a tab worth keeping now: ask the browser not to evict it (where that asks the guest nothing).
    void requestPersistentStorage();
  }, []);

  const saved = useCallback((ok: boolean) => setSaveFailed(!ok), []);
  const comments = useMemo(() => ({ reset: resetComments, undoReset: undoResetComments }), [resetComments, undoResetComments]);
  const { removal, takeOff, resetTab, putBack, forget: forgetRemoval, rowsShown } = useRemoval({ tab, comments, onSaved: saved });
  const orderProduct = useCallback(
    (product: Product) => {
      tab.addOrder({ name: product.name, price: product.price }).then(
        (order) => {
          saved(true);
          // The tab on screen already holds the earlier orders: no second read of the database.
          commentOn(order, tab.orders() ?? []);
        },
        () => saved(false),
      );
    },
    [tab, commentOn, saved],
  );
  // A claim goes the way of a pick; after the close too (the bill comes at the end).
  const claim = useCallback(
    (line: UnclaimedLine, shares: number, join: boolean) => {
      tab.claim(line, shares, join).then(
        () => saved(true),
        () => saved(false),
      );
    },
    [tab, saved],
  );
  // 'Sí, me uno' to the share as it now is.
  const joinOffer = useCallback(
    (order: Order) => {
      tab.joinOffer(order).then(
        () => saved(true),
        () => saved(false),
      );
    },
    [tab, saved],
  );
  const billOpen = useUnclaimed(tab).length > 0;

  return (
    // The party's list (or the built-in one until the phone first hears it): the search, the browsing and 'Otra' read it.
    <PartyMenu guest={guest}>
      {partyName && <p className="party-name">{partyName}</p>}
      {/* One grid cell: the comment's empty live region adds no gap under the form. */}
      {over ? (
        <PartyOver />
      ) : (
        <div>
          <AddProductForm fullName={guest.full_name} onAdd={orderProduct} />
          {commentsOn && <ShownComment watch={commentWatch} />}
        </div>
      )}
      <PaidMarkLine status={status} tab={tab} />
      {saveFailed && (
        <p className="save-failed" role="alert">
          {SAVE_FAILED}
        </p>
      )}
      {billOpen && <LaterBillClaims.View tab={tab} onClaim={claim} />}
      <ConsumedProducts
        tab={tab}
        terms={terms}
        totalsRef={totalsRef}
        onReset={resetTab}
        onAgain={orderProduct}
        onRemove={takeOff}
        onJoin={joinOffer}
        onRowsShown={rowsShown}
      />
      {!over && <InviteSomeone guest={guest} />}
      <SyncAndDock tab={tab} totalsRef={totalsRef} removal={removal} putBack={putBack} forgetRemoval={forgetRemoval} />
    </PartyMenu>
  );
}

/** The comment follows its session on its own: its words, as they stream, render only it. */
const ShownComment = memo(function ShownComment({ watch }: { readonly watch: CommentWatch }) {
  return <OrderComment comment={useCommentState(watch)} />;
});

interface SyncAndDockProps extends Pick<Removals, 'removal' | 'putBack'> {
  readonly tab: TabStore;
  readonly totalsRef: RefObject<HTMLDivElement | null>;
  readonly forgetRemoval: () => void;
}

/**
 * The sync line and the bar at the bottom: the only parts the outbox's changes
 * render again (after every pick, and as it reaches the server), not the tab.
 */
const SyncAndDock = memo(function SyncAndDock({ tab, totalsRef, removal, putBack, forgetRemoval }: SyncAndDockProps) {
  const syncLine = useSyncLine();
  const outbox = usePageOutbox();
  return (
    <>
      {syncLine && (
        <div className="sync-status">
          <p className={`sync-line sync-${syncLine.tone}`} role="status">
            {syncLine.text}
          </p>
          {syncLine.canRetry && (
            <button type="button" className="button button-quiet" onClick={() => void retryRefusedChanges(outbox)}>
              Reintentar
            </button>
          )}
        </div>
      )}
      <div className="dock">
        <RemovalToast removal={removal} onUndo={putBack} onGone={forgetRemoval} />
        <StickyTotal tab={tab} sync={syncLine} totalsRef={totalsRef} />
      </div>
    </>
  );
});
