/**
 * Random nights against a plain model of the tab: picks, 'Otra', 'Quitar',
 * 'Deshacer' (within its window, and its window ending), resets and their
 * 'Deshacer' (the orders that reset took off, and no other), reloads, a
 * second tab of the same guest, the signal going and coming back, and the
 * server failing or refusing requests. The phone is the app's own code on
 * fake-indexeddb; the server is the real PostgreSQL and PostgREST.
 *
 * After each tap the screen shows what the model says at once. After every
 * night, once the signal is back and the queue has drained: what every screen
 * shows = what IndexedDB holds = what Postgres holds, to the peso, every pick
 * once. MODEL_SEED replays a night (fast-check prints the path to shrink it),
 * MODEL_RUNS sets how many.
 */
import fc from 'fast-check';
import { expect, it, vi } from 'vitest';
import type { Order, UserRow } from '../../../src/db/index.ts';
import { BarTabDatabase, onDexie } from '../../../src/db/database.ts';
import { type FlushLock, inProcessLock } from '../../../src/sync/lock.ts';
import { tabOutbox, type TabOutbox } from '../../../scripts/lib/tab-outbox.ts';
import { createSyncTransport, type SyncTransport } from '../../../src/sync/transport.ts';
import { TabStore, type TabReset } from '../../../src/tab/index.ts';
import type { Product } from '../../../src/catalogue/index.ts';
import type { Fault } from '../../support/fault-proxy.ts';
import { syncSuite } from '../../support/sync-suite.ts';
import { activeIds, activeTotal, allOrders, chargedTotal, MODEL_PICKS, newModel, setActive, type TabModel } from '../../support/tab-model.ts';

const SEED = Number(process.env.MODEL_SEED ?? 20261124);
const RUNS = Number(process.env.MODEL_RUNS ?? 200);
const CONVERGE = { timeout: 5000, interval: 10 };

const suite = syncSuite();

/** One open tab of the guest: its own connection to the phone's database, and the store its screen reads. */
interface Screen {
  readonly tab: TabStore;
  readonly stop: () => void;
  /** The row 'Deshacer' puts back. */
  removal: Order | null;
  /** Or the reset whose orders 'Deshacer' puts back. */
  reset: TabReset | null;
  /** Every view the store published since the last tap in it (order ids, sorted). */
  readonly seen: string[][];
  /** What each of them must be, when nothing but this screen was writing: no flicker, no removal coming back. */
  expected: string[] | null;
}

/** A change tapped and not yet written, and the store it was tapped in. */
interface InFlight {
  readonly tab: TabStore;
}

/** The phone, the signal and the server as one night plays them. */
interface Night {
  readonly guest: UserRow;
  readonly databaseName: string;
  readonly connections: BarTabDatabase[];
  readonly screens: [Screen | null, Screen | null];
  readonly outbox: TabOutbox;
  readonly transport: SyncTransport;
  readonly lock: FlushLock;
  /** Every change tapped, and every flush started: the night waits for them before it is judged. */
  readonly writes: Promise<unknown>[];
  readonly inFlight: Set<InFlight>;
  /** The screen of the last tap. */
  lastTapped: Screen | null;
  readonly flushes: Promise<unknown>[];
  /** What the server does to the next requests, then the signal decides. */
  readonly faults: Fault[];
  signal: boolean;
  /** The tab the guest last tapped in: switching to the other takes them longer than a write. */
  acting: 0 | 1;
}

const idsOf = (orders: readonly Order[] | undefined) => (orders ?? []).map((order) => order.id).sort();

function openScreen(night: Night): Screen {
  const connection = new BarTabDatabase(night.databaseName);
  night.connections.push(connection);
  const tab = new TabStore(onDexie(connection), night.guest.id);
  const seen: string[][] = [];
  return { tab, stop: tab.subscribe(() => seen.push(idsOf(tab.orders()))), removal: null, reset: null, seen, expected: null };
}

/**
 * A tap's change, on screen at once; its write is waited for before the night
 * is judged. When no other tab was writing, nothing but the guest's next tap
 * may change what this screen shows.
 */
function tapped(night: Night, screen: Screen, model: TabModel, write: Promise<unknown>, what: string): void {
  const alone = [...night.inFlight].every((other) => other.tab === screen.tab);
  const entry: InFlight = { tab: screen.tab };
  night.inFlight.add(entry);
  night.writes.push(write.finally(() => night.inFlight.delete(entry)).catch(() => undefined));
  expect(idsOf(screen.tab.orders()), what).toEqual(activeIds(model));
  // A pick the server refused stays on the tab and charges nothing.
  const refused = new Set((screen.tab.orders() ?? []).flatMap((order) => (order.rejected === undefined ? [] : [order.id])));
  expect(screen.tab.total(), what).toBe(chargedTotal(model, refused));
  screen.seen.length = 0;
  screen.expected = alone ? activeIds(model) : null;
  night.lastTapped = screen;
}

/** Between the last tap and now, the screen of that tap showed only what the tap left. */
function steadySinceLastTap(night: Night): void {
  const screen = night.lastTapped;
  if (!screen?.expected) return;
  for (const view of screen.seen) expect(view, 'a view shown between two taps').toEqual(screen.expected);
}

function screenOf(night: Night, slot: 0 | 1): Screen {
  const screen = night.screens[slot];
  if (!screen) throw new Error(`tab ${slot} is not open`);
  return screen;
}

/** The guest looks at the tab: it shows what the model says (another tab's changes and a reload's read arrive on their own). */
async function lookAt(night: Night, model: TabModel, slot: 0 | 1): Promise<Screen> {
  steadySinceLastTap(night);
  night.lastTapped = null;
  if (night.acting !== slot) {
    await Promise.allSettled(night.writes);
    night.acting = slot;
  }
  const screen = screenOf(night, slot);
  await vi.waitFor(() => {
    expect(screen.tab.state()).not.toBe('loading');
    expect(idsOf(screen.tab.orders())).toEqual(activeIds(model));
  }, CONVERGE);
  return screen;
}

type NightCommand = fc.AsyncCommand<TabModel, Night>;

const onScreen = (model: TabModel, slot: 0 | 1) => model.screens[slot].open;
const hasOrders = (model: TabModel) => activeIds(model).length > 0;

function pick(slot: 0 | 1, product: Product): NightCommand {
  return {
    check: (model) => onScreen(model, slot),
    async run(model, night) {
      const screen = await lookAt(night, model, slot);
      const before = new Set(idsOf(screen.tab.orders()));
      const write = screen.tab.addOrder(product);
      const [id] = idsOf(screen.tab.orders()).filter((one) => !before.has(one));
      if (!id) throw new Error('the pick is not on screen at the tap');
      model.orders.set(id, { name: product.name, price: product.price, active: true });
      tapped(night, screen, model, write, `after picking ${product.name}`);
    },
    toString: () => `pick(${slot}, ${product.name})`,
  };
}

function otra(slot: 0 | 1, row: number): NightCommand {
  return {
    check: (model) => onScreen(model, slot) && hasOrders(model),
    async run(model, night) {
      const screen = await lookAt(night, model, slot);
      const rows = screen.tab.orders() ?? [];
      const { product_name: name, product_price: price } = rows[row % rows.length] as Order;
      const before = new Set(idsOf(rows));
      const write = screen.tab.addOrder({ name, price });
      const [id] = idsOf(screen.tab.orders()).filter((one) => !before.has(one));
      if (!id) throw new Error('Otra is not on screen at the tap');
      model.orders.set(id, { name, price, active: true });
      tapped(night, screen, model, write, `after Otra ${name}`);
    },
    toString: () => `otra(${slot}, row ${row})`,
  };
}

function quitar(slot: 0 | 1, row: number): NightCommand {
  return {
    check: (model) => onScreen(model, slot) && hasOrders(model),
    async run(model, night) {
      const screen = await lookAt(night, model, slot);
      const rows = screen.tab.orders() ?? [];
      const order = rows[row % rows.length] as Order;
      const write = screen.tab.takeOff(order);
      // The newest offer is the one on screen: a reset's gives way to this removal's.
      screen.removal = order;
      screen.reset = null;
      setActive(model, [order.id], false);
      model.screens[slot].removal = order.id;
      model.screens[slot].reset = null;
      tapped(night, screen, model, write, `after Quitar ${order.product_name}`);
    },
    toString: () => `quitar(${slot}, row ${row})`,
  };
}

function deshacer(slot: 0 | 1): NightCommand {
  return {
    check: (model) => onScreen(model, slot) && model.screens[slot].removal !== null,
    async run(model, night) {
      const screen = await lookAt(night, model, slot);
      const order = screen.removal;
      if (!order) throw new Error('no Deshacer on screen');
      const write = screen.tab.putBack(order);
      screen.removal = null;
      model.screens[slot].removal = null;
      setActive(model, [order.id], true);
      tapped(night, screen, model, write, `after Deshacer ${order.product_name}`);
    },
    toString: () => `deshacer(${slot})`,
  };
}

function undoWindowEnds(slot: 0 | 1): NightCommand {
  return {
    check: (model) => onScreen(model, slot) && (model.screens[slot].removal !== null || model.screens[slot].reset !== null),
    run(model, night) {
      const screen = screenOf(night, slot);
      screen.removal = null;
      screen.reset = null;
      model.screens[slot].removal = null;
      model.screens[slot].reset = null;
      return Promise.resolve();
    },
    toString: () => `undoWindowEnds(${slot})`,
  };
}

function reset(slot: 0 | 1): NightCommand {
  return {
    check: (model) => onScreen(model, slot) && hasOrders(model),
    async run(model, night) {
      const screen = await lookAt(night, model, slot);
      const shown = idsOf(screen.tab.orders());
      const taken = screen.tab.resetWithUndo();
      // The reset's offer to undo takes the place of a removal's.
      screen.removal = null;
      screen.reset = taken;
      model.screens[slot].removal = null;
      model.screens[slot].reset = shown;
      setActive(model, shown, false);
      tapped(night, screen, model, taken.written, 'after the reset');
    },
    toString: () => `reset(${slot})`,
  };
}

/** Resets undone over every night: the nights must play some, not only generate them. */
let resetsUndone = 0;

/** 'Deshacer' on a reset's offer: the orders it took off come back, a pick made since stays, an order taken off before stays off. */
function deshacerReset(slot: 0 | 1): NightCommand {
  return {
    check: (model) => onScreen(model, slot) && model.screens[slot].reset !== null,
    async run(model, night) {
      const screen = await lookAt(night, model, slot);
      const taken = screen.reset;
      const ids = model.screens[slot].reset;
      if (!taken || !ids) throw new Error('no Deshacer for a reset on screen');
      const write = screen.tab.undoReset(taken);
      resetsUndone += 1;
      screen.reset = null;
      model.screens[slot].reset = null;
      setActive(model, ids, true);
      tapped(night, screen, model, write, `after Deshacer of a reset of ${ids.length}`);
    },
    toString: () => `deshacerReset(${slot})`,
  };
}

/** The page goes and comes back on a connection of its own; what it was writing finishes or is journalled. */
function reload(slot: 0 | 1): NightCommand {
  return {
    check: (model) => onScreen(model, slot),
    async run(model, night) {
      screenOf(night, slot).stop();
      night.screens[slot] = openScreen(night);
      model.screens[slot].removal = null;
      model.screens[slot].reset = null;
      await lookAt(night, model, slot);
    },
    toString: () => `reload(${slot})`,
  };
}

const secondTab: NightCommand = {
  check: (model) => !model.screens[1].open,
  async run(model, night) {
    night.screens[1] = openScreen(night);
    model.screens[1] = { open: true, removal: null, reset: null };
    await lookAt(night, model, 1);
  },
  toString: () => 'openSecondTab',
};

const closeSecondTab: NightCommand = {
  check: (model) => model.screens[1].open,
  run(model, night) {
    screenOf(night, 1).stop();
    night.screens[1] = null;
    model.screens[1] = { open: false, removal: null, reset: null };
    return Promise.resolve();
  },
  toString: () => 'closeSecondTab',
};

function signal(on: boolean): NightCommand {
  return {
    check: () => true,
    run(_model, night) {
      night.signal = on;
      return Promise.resolve();
    },
    toString: () => (on ? 'signalOn' : 'signalOff'),
  };
}

/** One of the engine's triggers: a flush runs beside the taps. */
const flush: NightCommand = {
  check: () => true,
  run(_model, night) {
    night.flushes.push(night.outbox.flush({ transport: night.transport, lock: night.lock }));
    return Promise.resolve();
  },
  toString: () => 'flush',
};

function server(fault: Fault): NightCommand {
  return {
    check: () => true,
    run(_model, night) {
      night.faults.push(fault);
      return Promise.resolve();
    },
    toString: () => `server(${fault})`,
  };
}

/** 'Reintentar': every change the server refused goes back to the queue. */
const reintentar: NightCommand = {
  check: () => true,
  async run(_model, night) {
    await night.outbox.retryParked({ all: true });
  },
  toString: () => 'reintentar',
};

const slot = fc.constantFrom<0 | 1>(0, 0, 1);
const row = fc.nat({ max: 40 });
const COMMANDS = [
  fc.tuple(slot, fc.constantFrom(...MODEL_PICKS)).map(([at, product]) => pick(at, product)),
  fc.tuple(slot, fc.constantFrom(...MODEL_PICKS)).map(([at, product]) => pick(at, product)),
  fc.tuple(slot, row).map(([at, index]) => otra(at, index)),
  fc.tuple(slot, row).map(([at, index]) => quitar(at, index)),
  fc.tuple(slot, row).map(([at, index]) => quitar(at, index)),
  slot.map(deshacer),
  slot.map(deshacer),
  slot.map(undoWindowEnds),
  slot.map(reset),
  slot.map(reset),
  slot.map(deshacerReset),
  slot.map(deshacerReset),
  slot.map(reload),
  fc.constant(secondTab),
  fc.constant(closeSecondTab),
  fc.boolean().map(signal),
  fc.constant(flush),
  fc.constant(flush),
  fc.constantFrom<Fault>('drop-before', 'drop-after', 'error-500', 'error-503', 'html-200', 'refuse').map(server),
  fc.constant(server('refuse')),
  fc.constant(reintentar),
];

/** The signal settles: refused changes are retried, the queue drains, and every part must agree. */
async function judge(model: TabModel, night: Night, stack: typeof suite.stack): Promise<void> {
  await Promise.allSettled(night.writes);
  steadySinceLastTap(night);
  await Promise.allSettled(night.flushes);
  night.signal = true;
  night.faults.length = 0;
  await night.outbox.retryParked({ all: true });
  let outcome = await night.outbox.flush({ transport: night.transport, lock: night.lock });
  for (let attempt = 0; attempt < 5 && outcome.kind !== 'done'; attempt += 1) {
    outcome = await night.outbox.flush({ transport: night.transport, lock: night.lock });
  }
  expect(outcome).toEqual({ kind: 'done' });

  for (const screen of night.screens) {
    if (!screen) continue;
    // The screen follows IndexedDB through its live query: its rows may already be right while the read that clears a mark is on its way.
    await vi.waitFor(() => {
      expect(idsOf(screen.tab.orders())).toEqual(activeIds(model));
      expect((screen.tab.orders() ?? []).filter((order) => order.rejected !== undefined)).toEqual([]);
    }, CONVERGE);
    expect(screen.tab.total()).toBe(activeTotal(model));
  }
  const [connection] = night.connections;
  if (!connection) throw new Error('the phone has a database');
  const onPhone = await connection.orders.where('[user_id+created_at]').between([night.guest.id, ''], [night.guest.id, '\uffff']).toArray();
  expect(new Map(onPhone.map((order) => [order.id, { active: order.active, price: order.product_price }]))).toEqual(allOrders(model));
  expect(await connection.outbox.count()).toBe(0);
  expect(await connection.parked.count()).toBe(0);

  const onServer = await stack.query<{ id: string; active: boolean; product_price: number }>(
    'select id, active, product_price from orders where user_id = $1',
    [night.guest.id],
  );
  expect(new Map(onServer.map((order) => [order.id, { active: order.active, price: order.product_price }]))).toEqual(allOrders(model));
  const [served] = await stack.query<{ total: string | null }>('select sum(product_price) as total from orders where user_id = $1 and active', [
    night.guest.id,
  ]);
  expect(Number(served?.total ?? 0)).toBe(activeTotal(model));
}

async function closeNight(night: Night): Promise<void> {
  for (const screen of night.screens) screen?.stop();
  for (const connection of night.connections) connection.close();
  await BarTabDatabase.delete(night.databaseName);
}

it(`keeps screen, IndexedDB and Postgres equal over ${RUNS} random nights (seed ${SEED})`, async () => {
  console.log(`model-based tab: seed ${SEED}, ${RUNS} nights (MODEL_SEED, MODEL_RUNS to change)`);
  // The journal (picks on their way to IndexedDB) lives in localStorage, which Node has not got.
  const kept = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    get length() {
      return kept.size;
    },
    key: (index: number) => [...kept.keys()][index] ?? null,
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
    clear: () => kept.clear(),
  });
  const transport = createSyncTransport({ url: suite.api.url, anonKey: suite.stack.stack.anonKey, timeoutMs: 2000 });
  let nights = 0;
  /** Commands generated, by kind (some are skipped when the model says the screen cannot offer them). */
  const tally = new Map<string, number>();

  await fc.assert(
    fc.asyncProperty(fc.commands(COMMANDS, { maxCommands: 40, size: 'max' }), async (commands) => {
      nights += 1;
      kept.clear();
      const guest: UserRow = { id: crypto.randomUUID(), full_name: `Noche ${nights}` };
      const databaseName = `model-${guest.id}`;
      // The engine's own connection, as the page's sync engine has it.
      const engineConnection = new BarTabDatabase(databaseName);
      const night: Night = {
        guest,
        databaseName,
        connections: [engineConnection],
        screens: [null, null],
        outbox: tabOutbox(onDexie(engineConnection)),
        transport,
        lock: inProcessLock(),
        writes: [],
        inFlight: new Set(),
        lastTapped: null,
        flushes: [],
        faults: [],
        signal: true,
        acting: 0,
      };
      suite.api.setFaults(() => night.faults.shift() ?? (night.signal ? 'pass' : 'drop-before'));
      night.screens[0] = openScreen(night);
      await night.outbox.ensureGuestQueued(guest);
      const model = newModel();
      try {
        const played = [...commands];
        for (const command of played) {
          const kind = command.toString().replace(/\(.*$/, '');
          tally.set(kind, (tally.get(kind) ?? 0) + 1);
        }
        await fc.asyncModelRun(() => ({ model, real: night }), played);
        await judge(model, night, suite.stack);
      } finally {
        await Promise.allSettled([...night.writes, ...night.flushes]);
        await closeNight(night);
      }
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  suite.api.setFaults(() => 'pass');
  console.log(`commands generated: ${[...tally].map(([kind, count]) => `${kind} ${count}`).join(', ')}; resets undone: ${resetsUndone}`);
  expect(nights).toBeGreaterThanOrEqual(RUNS);
  if (RUNS >= 50) expect(resetsUndone).toBeGreaterThan(0);
}, 600_000);
