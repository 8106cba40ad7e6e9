/**
 * 'Ya transferí' as a kind of change in the phone's outbox (sync/): a notice
 * to the host, not a payment. Written with the notice the tab shows, in one
 * transaction, and sent through `rpc/notify_transfer` by the page or the
 * queue's worker alike, which is why this module carries no React: the
 * worker registers it. The id and the tap's time are the phone's, so a replay
 * tells the host nothing twice.
 */
import type { PhoneDatabase, Tx } from '../db/idb.ts';
import { isTime, isUuid, type TransferNoticeRecord } from '../db/records.ts';
import type { Outbox } from '../sync/index.ts';
import { enqueue, settleAnswer, sortAnswer, type AnswerRules, type OutboxKind, type QueuedEntry, type SyncTransport } from '../sync/queue.ts';
import { guestCallKind, queueGuestAgain } from '../tab/guest-rows.ts';
import { isPaymentAmount } from '../../supabase/functions/_shared/rules.ts';

export const TRANSFER_NOTICE = 'notify-transfer';

export interface NoticeEntry extends QueuedEntry {
  readonly kind: typeof TRANSFER_NOTICE;
  readonly guestId: string;
  readonly notice: { readonly id: string; readonly amount: number; readonly created_at: string };
}

export function checkNotice(entry: QueuedEntry): NoticeEntry | string {
  const { guestId, notice } = entry as Partial<NoticeEntry>;
  const valid = isUuid(guestId) && isUuid(notice?.id) && isPaymentAmount(notice.amount) && isTime(notice.created_at);
  return valid ? (entry as NoticeEntry) : 'invalid transfer notice';
}

/** The notice and its entry, in the transaction the caller opened over `transfers` and `outbox`. */
export function queueNotice(tx: Tx, record: TransferNoticeRecord, now = Date.now()): Promise<IDBValidKey> {
  void tx.put('transfers', record);
  const entry: NoticeEntry = {
    kind: TRANSFER_NOTICE,
    queuedAt: now,
    guestId: record.guest,
    notice: { id: record.id, amount: record.amount, created_at: record.at },
  };
  return enqueue(tx, entry);
}

/** The notice as the server stored it (its time may be earlier than the phone's clock said), or null when its answer names none. */
function storedNotice(data: unknown): { readonly amount: number; readonly at: string } | null {
  const { amount, at } = (data ?? {}) as { amount?: unknown; at?: unknown };
  return Number.isSafeInteger(amount) && typeof at === 'string' ? { amount: amount as number, at } : null;
}

async function changeNotice(tx: Tx, id: string, update: (notice: TransferNoticeRecord) => TransferNoticeRecord): Promise<void> {
  const notice = await tx.get('transfers', id);
  if (notice !== undefined) void tx.put('transfers', update(notice));
}

/**
 * The server says the guest is not in the party: their row is missing there (notify_transfer's own check, a 23503
 * naming it). A 21st notice in the party is 429 (PostgREST's PT429): the bound never lifts, so it is refused, not retried.
 */
const NOTICE_RULES: AnswerRules = { guestKeys: ['transfer_notices_user'], refusedCodes: ['PT429'] };

type Transport = () => SyncTransport | Promise<SyncTransport>;

/** The notices' kind: one request per notice, in tap order, after the guest's row. */
export function transferKind(database: PhoneDatabase, transport: Transport): OutboxKind<NoticeEntry> {
  return {
    ...guestCallKind(TRANSFER_NOTICE, checkNotice, ['transfers'], async (entry, pass) => {
      const { id, amount, created_at } = entry.notice;
      const answer = await (await transport()).callFunction(entry.guestId, 'notify_transfer', { p_id: id, p_amount: amount, p_created_at: created_at });
      return settleAnswer(sortAnswer(answer, NOTICE_RULES), pass, [entry], {
        guestMissing: (error) => queueGuestAgain(database, entry.guestId, error, pass),
        // Marked before the entry leaves, on its own (as a claim's amount is): a replay after a crash in between is answered the same.
        async taken() {
          const stored = storedNotice(answer.data);
          await database.write(['transfers'], (tx) => changeNotice(tx, id, (notice) => ({ ...notice, ...stored, state: 'sent' })));
        },
      });
    }),
    parked: (tx, entry) => changeNotice(tx, entry.notice.id, (notice) => ({ ...notice, state: 'refused' })),
    async retried(tx, entry) {
      await changeNotice(tx, entry.notice.id, (notice) => ({ ...notice, state: 'queued' }));
      return entry;
    },
    line: { queued: true, refused: 'other' },
  };
}

let wakeOutbox: () => void = () => undefined;

/** What a notice written on the page calls: the outbox sends it now (or when the signal returns). */
export const noticeQueued = (): void => wakeOutbox();

/** The page's side (main.tsx): the kind registered in the page's outbox, over the page's transport, and the outbox woken by each notice. */
export function transfersOnOutbox(outbox: Outbox, database: PhoneDatabase, transport: Transport): void {
  outbox.register(transferKind(database, transport));
  wakeOutbox = () => outbox.wake();
}
