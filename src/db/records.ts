/** What the phone keeps: the records of the local database, the outbox's among them (sync/ reads them, never the reverse). */

export { isPartyCode, isUuid } from '../../supabase/functions/_shared/rules.ts';

/** A time as the phone writes it (ISO 8601), one a date can be read from. */
export const isTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** The guest's row as the server stores it. */
export interface UserRow {
  readonly id: string;
  readonly full_name: string;
}

/** One pick as the server stores it. */
export interface OrderRow {
  /** UUID made on the phone, so a replayed write is harmless. */
  readonly id: string;
  readonly user_id: string;
  readonly product_name: string;
  readonly product_price: number;
  /** False once the guest resets the tab; orders are never deleted. */
  readonly active: boolean;
  /** ISO time of the tap, from the phone's clock. */
  readonly created_at: string;
}

/** One pick as the phone keeps it: the row, plus what the server said of it. */
export interface Order extends OrderRow {
  /** Set when the server refused the order for good ("no aceptado"); the order stays on the phone. */
  readonly rejected?: string | undefined;
  /** A claim of the bar's bill ('Es mío', 'Lo compartimos'): sent as a claim of this line, never as an order. */
  readonly bill?: BillClaimMark | undefined;
}

/** What makes a tab's line a claim of the bar's bill: the bill's line, and how many share the unit (1: 'Es mío'). */
export interface BillClaimMark {
  readonly line: string;
  readonly shares: number;
  /** 'Unirme' or 'Sí, me uno': a share of what is there, never a unit of its own. */
  readonly join?: boolean | undefined;
  /** The line showed a share open and the guest chose another way: losing the last unit is then no split that changed. */
  readonly sawShare?: boolean | undefined;
  /** When the server last answered it as stored (the phone's clock): a status asked later that lacks it was told it was taken back. */
  readonly takenAt?: number | undefined;
  /** The server answered with the share as it now is: counted only once the guest says 'Sí, me uno'. */
  readonly offer?: ClaimOffer | undefined;
  /** The server kept it when the guest took it back (after the close): it stays on the tab, with why. */
  readonly kept?: string | undefined;
}

/** 'Ahora son 3 partes de $5.663. ¿Te unes?': the split as it now is, and what the guest's share would be. */
export interface ClaimOffer {
  readonly shares: number;
  readonly amount: number;
}

/** A line the server put on the guest's tab (a claim, 'Parte de lo sin dueño', 'Invitación a <name>', the guest of honour's). */
export interface ServerTabLine {
  /** The claim's id; null for the lines the server computes. */
  readonly id: string | null;
  readonly kind: string;
  readonly product_name: string;
  /** Whole pesos; negative for the guest of honour's. */
  readonly amount: number;
  readonly created_at: string;
  /** A claim's bill line and split: the phone keeps it as its own (a claim made on another phone, a tab read back). */
  readonly line_id?: string | null | undefined;
  readonly shares?: number | null | undefined;
}

/** A line of the bar's bill with units, or open shares, nobody declared ('¿Alguien pidió esto?'): what this guest can still claim. */
export interface UnclaimedLine {
  readonly line_id: string;
  readonly product_name: string;
  readonly unit_price: number;
  readonly units_left: number;
  readonly open_shares: readonly { readonly shares: number; readonly left: number }[];
}

/** The bar's bill as the server last told this guest (`my_tab_status.bill`), kept for the basement. */
export interface BillRecord {
  readonly guest: string;
  /** The tab's total by the server's one rule, as it was heard. */
  readonly total: number;
  readonly lines: readonly ServerTabLine[];
  readonly unclaimed: readonly UnclaimedLine[];
  /** The server's name for that list: sent back (x-bill-seen), an unchanged list is not sent again. */
  readonly version?: string | undefined;
  readonly heardAt: number;
}

/**
 * 'Ya transferí' as the phone keeps it (payments/): written with its outbox
 * entry at the tap, so the tab says it with no signal; its id is the
 * server's too, so the notice the server lists is the same one, never a second.
 */
export interface TransferNoticeRecord {
  readonly id: string;
  readonly guest: string;
  /** Whole pesos: the tipped total still owed when the guest tapped. */
  readonly amount: number;
  /** The tap's time (ISO), the server's once it answered. */
  readonly at: string;
  /** Waiting in the outbox, stored by the server, or refused for good (parked, with 'Reintentar'). */
  readonly state: 'queued' | 'sent' | 'refused';
}

/**
 * The guest as the sync queue knows them: the row to send again if the server
 * lost it, and whether the server has it. Orders wait while it is refused.
 */
export interface GuestRecord extends UserRow {
  readonly state: 'queued' | 'synced' | 'refused';
  /**
   * The code of the party the guest joined by its link; none for the default
   * party. A guest's party never changes: every request for the guest names it
   * (x-party-code), in the page and in the service worker, which reads it here.
   */
  readonly party?: string | undefined;
  /** Why the server refused the row (state 'refused'). */
  readonly refusal?: string | undefined;
}

/** One line of a party's list as the server gives it (the `party_menu` RPC). */
export interface MenuItem {
  readonly name: string;
  /** Whole Chilean pesos. */
  readonly price: number;
  readonly category: string;
  /** Hidden from the guest's search and browsing; an order already tapped still goes. */
  readonly sold_out: boolean;
}

/**
 * A party's list as the phone last heard it, kept for the basement. One per
 * party the phone has been in, keyed by its code ('' for the default party).
 */
export interface MenuRecord {
  readonly party: string;
  /** The server's mark of this list: another version is another list. */
  readonly version: string;
  /** In menu order, sold-out items included. */
  readonly items: readonly MenuItem[];
  /** When the phone heard it (ms since the epoch). */
  readonly heardAt: number;
}

/** A change waiting to reach the server; written in the same transaction as the change itself. */
export interface QueuedEntry {
  /** The queue's order: given by IndexedDB, never used twice. */
  readonly seq?: number;
  readonly kind: string;
  readonly queuedAt: number;
}

/** An entry as read back from the queue: it has its seq. */
export type Queued<Entry extends QueuedEntry = QueuedEntry> = Entry & { readonly seq: number };

/** An entry the server refused for good, kept with its payload and the reason. */
export interface ParkedEntry {
  readonly id?: number;
  readonly entry: unknown;
  readonly error: string;
  readonly parkedAt: number;
  /** The app version that parked it: a new version retries it once. */
  readonly appVersion?: string;
  /** The entry's kind, kept beside it so a capability reads its own parked entries by index. */
  readonly kind?: string;
}

/**
 * What the flusher last learnt that the status line shows. Retries and their
 * backoff are the scheduler's (in memory); the oldest pending change's age
 * comes from the outbox itself.
 */
export interface SyncState {
  readonly key: 'flush';
  /** Set while the server's configuration is broken (bad key, unknown table, missing grant). */
  readonly configError?: string;
}
