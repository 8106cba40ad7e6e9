/**
 * 'Ya transferí' on the guest's page: the notice written with its outbox
 * entry (transfer-kind.ts) at the tap, and what the tab says of the notices:
 * the phone's, from IndexedDB at once, and the server's (`transfer_notices`
 * in the party's status), one line per notice however many places hold it.
 */
import { useEffect, useState } from 'react';
import { onStoresChanged, phoneDatabase, type TransferNoticeRecord } from '../db/index.ts';
import type { PhoneDatabase } from '../db/idb.ts';
import { clockTime, type TransferNotice } from '../party/index.ts';
import { newId, runAgainIfAsked } from '../platform/index.ts';
import type { PageOutbox } from '../sync/page.ts';
import { formatPesos } from '../../supabase/functions/_shared/rules.ts';
import { noticeQueued, queueNotice, TRANSFER_NOTICE } from './transfer-kind.ts';

/** What the tab shows of one notice: the host has it, it waits for signal, or the server refused it. */
export type ShownNotice = Pick<TransferNoticeRecord, 'id' | 'amount' | 'at' | 'state'>;

/** The notice, on the phone and in the queue in one transaction; the outbox is woken to send it. */
export async function sayTransferred(
  guestId: string,
  amount: number,
  now = new Date(),
  database: PhoneDatabase = phoneDatabase,
): Promise<TransferNoticeRecord> {
  const record: TransferNoticeRecord = { id: newId(), guest: guestId, amount, at: now.toISOString(), state: 'queued' };
  await database.write(['transfers', 'outbox'], (tx) => queueNotice(tx, record, now.getTime()));
  noticeQueued();
  return record;
}

/**
 * One line per notice, oldest first: the server's as it stored it, the
 * phone's until the server lists it (the same id: never twice).
 */
export function noticesShown(phone: readonly ShownNotice[], server: readonly TransferNotice[]): ShownNotice[] {
  const byId = new Map<string, ShownNotice>(phone.map((notice) => [notice.id, notice]));
  for (const notice of server) byId.set(notice.id, { ...notice, state: 'sent' });
  return [...byId.values()].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id.localeCompare(b.id));
}

/** The line the tab says for a notice (sent or waiting: the guest did tell; the wait is said beside it). */
export function noticeText(notice: ShownNotice): string {
  const said = `${formatPesos(notice.amount)} · ${clockTime(notice.at)}`;
  return notice.state === 'refused' ? `El bar no recibió tu aviso de ${said}.` : `Avisaste que transferiste ${said}`;
}

/** What a notice still in the queue adds to its line. */
export const NOTICE_WAITING = 'Le llega a quien organiza apenas haya señal.';

/** The guest's notices kept on this phone; undefined until read. Read again whenever a tab or the queue's worker changes them. */
export function usePhoneNotices(guestId: string): readonly TransferNoticeRecord[] | undefined {
  const [notices, setNotices] = useState<readonly TransferNoticeRecord[]>();
  useEffect(() => {
    let current = true;
    const reads = runAgainIfAsked(async () => {
      const read = await phoneDatabase.read(['transfers'], (tx) => tx.getAll('transfers', { index: 'guest', only: guestId })).catch(() => null);
      if (read && current) setNotices(read);
    });
    void reads.run();
    const stop = onStoresChanged(phoneDatabase.name, ['transfers'], () => void reads.run());
    return () => {
      current = false;
      stop();
      void reads.stop();
    };
  }, [guestId]);
  return notices;
}

/** 'Reintentar' beside a refused notice: only the notices go back to the queue, and are sent. */
export async function retryNotices(outbox: PageOutbox): Promise<number> {
  const ready = await outbox;
  if (!ready) return 0;
  const others = ready.kinds.all().flatMap((kind) => kind.names.filter((name) => name !== TRANSFER_NOTICE));
  return ready.retryParked({ all: true, except: others });
}
