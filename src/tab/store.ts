/**
 * One guest's tab: the one store every screen reads, fed by one write path.
 *
 * A pick, 'Otra', 'Quitar', 'Deshacer' or a reset is a change: the screen
 * shows it at once, laid over what IndexedDB holds, and its write follows,
 * one change after the other as tapped. The write answers with the rows as
 * stored, which take the change's place: confirmed, the screen stays as it
 * is; refused by the phone, the change leaves and the screen shows the tab
 * without it. Nothing lives beside the store: a change is in it until its
 * write ends, and never after.
 *
 * Writes of other tabs and of the service worker (an order marked "no
 * aceptado") reach it through the database's change events: it reads the tab
 * again, at once, or once the guest stops tapping.
 */
import { onStoresChanged, type BillRecord, type Order, type PhoneDatabase, type ServerTabLine, type UnclaimedLine } from '../db/index.ts';
import { createListeners } from '../platform/index.ts';
import { applyChange, sameTab, withRows, type Change } from './changes.ts';
import { forgetInactive, rememberInactive } from './inactive-memory.ts';
import { journal, journalled, unjournal } from './journal.ts';
import { serverLinesBeside } from './bill.ts';
import { joinedOffer, newClaim } from './claims.ts';
import { tabTotal } from './money.ts';
import { newOrder, tabRecords, type Pick, type TabRecords, type Written } from './records.ts';

/**
 * Quiet time after a change to the stored orders before the tab is read again
 * while the guest's own changes are still being written: the re-read (every
 * order of a long tab) only confirms them, so it waits until a burst of taps is over.
 */
export const REREAD_QUIET_MS = 500;

/** Whether the phone's copy of the tab is still being read, holds nothing, or holds orders. */
export type TabState = 'loading' | 'empty' | 'open';

/** One reset, for its 'Deshacer'. */
export interface TabReset {
  /** The orders it took off the screen, newest first (none when no screen had read the tab). */
  readonly orders: readonly Order[];
  /** The ids the phone set inactive: what 'Deshacer' puts back. Rejects when the phone refused the reset. */
  readonly written: Promise<readonly string[]>;
}

/** Which order a change is about. */
export interface OrderRef {
  readonly id: string;
}

const NONE: readonly never[] = [];

/** The next task: the tap's own frame shows the change first, the phone's write follows right after. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class TabStore {
  private readonly records: TabRecords;
  /** The active orders as IndexedDB holds them (newest first), while a screen shows the tab. */
  private stored: readonly Order[] | undefined;
  /** `stored` with the changes not yet written laid over it: what the screen shows. */
  private shown: readonly Order[] | undefined;
  private shownTotal = 0;
  /** The bar's bill as the server last told this guest (IndexedDB's copy), read with the orders. */
  private bill: BillRecord | undefined;
  /** The server's lines beside the orders shown (a claim the phone holds is its row, not one of these). */
  private shownLines: readonly ServerTabLine[] = [];
  private heardIds: ReadonlySet<string> = new Set();
  /** Changes tapped and not yet written, in tap order. */
  private readonly pending: Change[] = [];
  /** Writes and reads, one after the other, so a read sees every write before it and none after. */
  private lane: Promise<unknown> = Promise.resolve();
  /** The screens that follow the tab: the first one opens it (reads it, watches it), the last one to leave closes it. */
  private readonly screens = createListeners({ first: () => this.open(), last: () => this.close() });
  private stopWatching: (() => void) | null = null;
  private readTimer: ReturnType<typeof setTimeout> | null = null;
  private readDueAt = 0;
  /** A read waits its turn in the lane: asked for again meanwhile, it is still the one read. */
  private readQueued = false;
  /** The last tap's time: two taps in one millisecond still show, and reach the server, in tap order. */
  private lastTapAt = 0;

  constructor(
    private readonly database: PhoneDatabase,
    readonly guestId: string,
    /** Told right after a write queued a change: the page's outbox flushes it with no read of the queue to find it. */
    private readonly queued: () => void = () => undefined,
  ) {
    this.records = tabRecords(database);
  }

  /** The guest's active orders, newest first, as the screen shows them; undefined until read. */
  readonly orders = (): readonly Order[] | undefined => this.shown;
  /** What they charge in pesos (a refused pick charges nothing), with the server's lines of the bar's bill. */
  readonly total = (): number => this.shownTotal;
  readonly state = (): TabState => (this.shown === undefined ? 'loading' : this.shown.length === 0 && this.shownLines.length === 0 ? 'empty' : 'open');
  /** The server's lines on the tab beside the orders ('Parte de lo sin dueño', 'Invitación a <name>', a claim made elsewhere). */
  readonly serverLines = (): readonly ServerTabLine[] => this.shownLines;
  /** The bill's lines nobody declared, as last heard ('¿Alguien pidió esto?'); empty until heard. */
  readonly unclaimed = (): readonly UnclaimedLine[] => this.bill?.unclaimed ?? NONE;

  /** A screen follows the tab. */
  readonly subscribe = this.screens.subscribe;

  /** A pick (or 'Otra'). On screen at once, kept in the journal until IndexedDB has it; rejects if the phone refuses it. */
  addOrder(pick: Pick): Promise<Order> {
    this.lastTapAt = Math.max(Date.now(), this.lastTapAt + 1);
    const order = newOrder(this.guestId, pick, new Date(this.lastTapAt));
    journal(order);
    return this.pick(order);
  }

  /**
   * 'Es mío' (`shares` 1) or 'Lo compartimos' (2 to 12): a line of the bar's
   * bill on the tab at once, at the bill's price, then on the phone and in
   * the queue, by the same path as a pick; the server decides. Rejects if the phone refuses it.
   */
  claim(line: UnclaimedLine, shares: number, join = false): Promise<Order> {
    this.lastTapAt = Math.max(Date.now(), this.lastTapAt + 1);
    const order = newClaim(this.guestId, line, shares, new Date(this.lastTapAt), join);
    return this.change({ kind: 'add', order }, () => this.records.recordClaim(order)).then(() => order);
  }

  /** 'Sí, me uno' to the server's 'Ahora son 3 partes…': the claim counts at once as that share, then goes to the server again. False when it was no offer. */
  joinOffer(order: Order): Promise<boolean> {
    const joined = joinedOffer(order);
    if (!joined) return Promise.resolve(false);
    return this.change({ kind: 'add', order: joined }, () => this.records.joinOffer(order.id)).then((written) => written.changed.length > 0);
  }

  /** The version of the lines to claim the phone holds, which the status question names: an unchanged list is not sent again. */
  readonly billVersion = (): string | undefined => this.bill?.version;
  /** The guest's claims the server listed with the lines to claim last heard: those the list already leaves out. */
  readonly heardClaims = (): ReadonlySet<string> => this.heardIds;

  /** 'Quitar': off the tab at once, then on the phone and the server. False when it was not on this guest's tab. */
  takeOff(order: OrderRef): Promise<boolean> {
    return this.change({ kind: 'take-off', orderId: order.id }, () => this.records.setActive(this.guestId, [order.id], false)).then(
      (written) => written.changed.length > 0,
    );
  }

  /** 'Deshacer' after 'Quitar': the same order back on the tab at once, then on the phone and the server. */
  putBack(order: Order): Promise<boolean> {
    return this.change({ kind: 'put-back', orders: [order] }, () => this.records.setActive(this.guestId, [order.id], true)).then(
      (written) => written.changed.length > 0,
    );
  }

  /** Empties the tab as the screen shows it (with no screen, every active order), queues exactly those orders, and resolves to their ids. */
  reset(): Promise<readonly string[]> {
    return this.resetWithUndo().written;
  }

  /** The same reset, kept for its 'Deshacer' (`undoReset`). */
  resetWithUndo(): TabReset {
    const orders = this.shown ?? [];
    const orderIds = this.shown?.map((order) => order.id) ?? null;
    const written = this.change({ kind: 'reset', orderIds }, () => this.records.setActive(this.guestId, orderIds, false)).then((done) => done.changed);
    return { orders, written };
  }

  /**
   * 'Deshacer' after a reset: exactly the orders that reset took off come back,
   * on screen at once, then on the phone and the server as one undo (the
   * queue's one 'reactivate-orders' entry, as a 'Quitar's undo). Not an order
   * taken off before it, nor one picked after it. Resolves to the ids put back.
   */
  undoReset(reset: TabReset): Promise<readonly string[]> {
    const write = async () => {
      // The reset was written before this (one lane, in tap order): only what it changed goes back.
      const taken = await reset.written.catch((): readonly string[] => []);
      return this.records.setActive(this.guestId, taken, true);
    };
    return this.change({ kind: 'put-back', orders: reset.orders }, write).then((written) => written.changed);
  }

  private pick(order: Order): Promise<Order> {
    const written = this.change({ kind: 'add', order }, () => this.records.recordPick(order));
    // Written or refused, the journal lets it go: a refused pick was taken off the screen, and the guest told.
    void written.then(
      () => unjournal(order.id),
      () => unjournal(order.id),
    );
    return written.then(() => order);
  }

  /** The one write path: on screen now, written in turn, then confirmed by the stored rows or taken back. */
  private change(change: Change, write: () => Promise<Written>): Promise<Written> {
    this.pending.push(change);
    if (this.shown !== undefined) this.show(applyChange(this.shown, change));
    // The guest is tapping: a re-read already due waits for the taps to stop.
    if (this.readTimer !== null) this.scheduleRead();
    const written = this.inTurn(write);
    void written.then(
      (result) => this.settle(change, result),
      () => this.settle(change, null),
    );
    return written;
  }

  private settle(change: Change, written: Written | null): void {
    const at = this.pending.indexOf(change);
    if (at >= 0) this.pending.splice(at, 1);
    if (written) this.remember(change, written.changed);
    // The write queued its entry: the outbox hears it now, not through the database's change event.
    if (written && written.changed.length > 0) this.queued();
    if (this.stored === undefined) return;
    if (written) this.stored = withRows(this.stored, written.rows);
    this.refresh();
  }

  /** Orders taken off are kept beside the guest, so a tab restored from the server never shows them again. */
  private remember(change: Change, changed: readonly string[]): void {
    if (changed.length === 0) return;
    if (change.kind === 'put-back') forgetInactive(this.guestId, changed);
    else if (change.kind !== 'add') rememberInactive(this.guestId, changed);
  }

  private inTurn<T>(task: () => Promise<T>): Promise<T> {
    const run = this.lane.then(nextTask).then(task);
    this.lane = run.catch(() => undefined);
    return run;
  }

  private refresh(billChanged = false): void {
    if (this.stored === undefined) return;
    let next = this.stored;
    for (const change of this.pending) next = applyChange(next, change);
    this.show(next, billChanged);
  }

  /** Tells the screens only when what the guest sees changed: a re-read that agrees renders nothing. */
  private show(next: readonly Order[], billChanged = false): void {
    if (this.shown !== undefined && sameTab(this.shown, next) && !billChanged) return;
    this.shown = next;
    this.shownLines = serverLinesBeside(next, this.bill?.lines ?? NONE);
    this.shownTotal = tabTotal(next, this.shownLines);
    this.screens.notify();
  }

  private open(): void {
    this.stopWatching = onStoresChanged(this.database.name, ['orders', 'bills'], () => this.scheduleRead());
    // Picks a reload or a closed tab cut off on their way to IndexedDB: on screen again, and written.
    const known = new Set(this.pending.flatMap((change) => (change.kind === 'add' ? [change.order.id] : [])));
    for (const order of journalled()) if (order.user_id === this.guestId && !known.has(order.id)) void this.pick(order).catch(() => undefined);
    void this.read();
  }

  private close(): void {
    this.stopWatching?.();
    this.stopWatching = null;
    if (this.readTimer !== null) clearTimeout(this.readTimer);
    this.readTimer = null;
    // Read afresh when a screen comes back; changes still being written go on.
    this.stored = undefined;
    this.shown = undefined;
    this.shownTotal = 0;
    this.bill = undefined;
    this.shownLines = NONE;
  }

  /**
   * At once, unless changes are still being written (the guest is tapping):
   * then once the taps stop. A tap only moves the due time; the armed timer
   * looks at it when it fires.
   */
  private scheduleRead(): void {
    const delay = this.pending.length > 0 ? REREAD_QUIET_MS : 0;
    this.readDueAt = Date.now() + delay;
    if (this.readTimer !== null && delay > 0) return;
    if (this.readTimer !== null) clearTimeout(this.readTimer);
    this.readTimer = setTimeout(this.readWhenDue, delay);
  }

  private readonly readWhenDue = () => {
    const wait = this.readDueAt - Date.now();
    this.readTimer = wait > 0 ? setTimeout(this.readWhenDue, wait) : null;
    if (wait <= 0) void this.read();
  };

  /**
   * Reads the tab in turn with the writes, so it sees every write before it
   * and none after. A change event while it waits needs no second read; one
   * that comes once it has started queues the next.
   */
  private async read(): Promise<void> {
    if (this.readQueued) return;
    this.readQueued = true;
    try {
      await this.inTurn(async () => {
        this.readQueued = false;
        const { orders, bill } = await this.records.tabOf(this.guestId);
        if (this.stopWatching === null) return;
        const billChanged = bill?.heardAt !== this.bill?.heardAt;
        this.stored = orders;
        if (billChanged) this.heardIds = new Set(bill?.lines.flatMap((line) => (line.id === null ? [] : [line.id])));
        this.bill = bill;
        this.refresh(billChanged);
      });
    } catch {
      // The database went away (closed or deleted): the next change reads again.
      this.readQueued = false;
    }
  }
}
