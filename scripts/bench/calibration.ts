/**
 * The machine's own speed, printed with every run (issue 34): one fixed CPU
 * workload timed in Node and in the bench's headless Chromium (a blank page,
 * no CPU slowdown), so that a slower machine is told apart from a slower app.
 * The same code read 77 and 190 ms for the same offline reopen on two
 * machines of one kind: the browser's timing budgets are judged against this row.
 *
 * How: REFERENCE_BROWSER_MS is what the browser's calibration reads on a quiet
 * machine of this kind, where the budgets were set. A run's ratio is its
 * calibration over that reference, never below 1; a budget of B ms is judged
 * as B × ratio. A machine as fast as the reference or faster is held to the
 * budgets as written; one twice as slow, to twice each budget. The budget as
 * written and the ratio stay in the table's target column.
 *
 * The workload measures the processor's speed, not how busy the machine is
 * with others' work: a tap's trip through the browser's processes suffers
 * more from a crowded machine than one loop does. The load average is printed
 * beside it, so a run on a busy machine says so.
 */
import { availableParallelism, loadavg } from 'node:os';
import { runInThisContext } from 'node:vm';
import type { Browser } from '@playwright/test';
import { median, type Figure } from './report.ts';

/**
 * The browser's calibration on a quiet 2-core machine of this kind. Set from
 * the lowest readings of 2026-11-27 (15 to 19 ms, taken while other test runs
 * kept the load at 13 to 14, none quiet): a quiet run that reads lower should
 * lower it to its own figure.
 */
export const REFERENCE_BROWSER_MS = 15;
const WARMUP = 2;
const RUNS = 7;

/**
 * The workload, as source text, so that the same characters run in both
 * engines (no build step rewrites them): a tab's worth of everyday work,
 * 10,000 rows made, sorted by name and price, written to JSON and read
 * back, summed per name. Its checksum shows both engines did the same work.
 */
const WORKLOAD = `(() => {
  let seed = 20261127;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  const rows = [];
  for (let index = 0; index < 10000; index += 1) rows.push({ id: index, name: 'Producto ' + Math.floor(next() * 2000), price: Math.floor(next() * 20000) });
  rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.price - b.price));
  const totals = new Map();
  for (const row of JSON.parse(JSON.stringify(rows))) totals.set(row.name, (totals.get(row.name) ?? 0) + row.price);
  let check = 0;
  for (const total of totals.values()) check = (check * 31 + total) % 1000003;
  return check;
})()`;

/** Runs the workload WARMUP + RUNS times where it is evaluated; the counted runs' times and the checksum. */
const TIMED = `(() => {
  const times = [];
  let check = 0;
  for (let run = 0; run < ${WARMUP + RUNS}; run += 1) {
    const started = performance.now();
    check = ${WORKLOAD};
    if (run >= ${WARMUP}) times.push(performance.now() - started);
  }
  return { times, check };
})()`;

interface Timed {
  readonly times: number[];
  readonly check: number;
}

export interface Calibration {
  readonly nodeMs: number;
  readonly browserMs: number;
  /** browserMs over REFERENCE_BROWSER_MS, never below 1: what each browser budget is multiplied by. */
  readonly ratio: number;
}

const inNode = (): Timed => runInThisContext(TIMED) as Timed;

async function inBrowser(browser: Browser): Promise<Timed> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    return await page.evaluate<Timed>(TIMED);
  } finally {
    await context.close();
  }
}

/** The workload in Node and in the browser; `earlier` (a calibration from the start of the same run) is pooled in. */
export async function calibrate(
  browser: Browser,
  earlier?: { node: number[]; browser: number[] },
): Promise<Calibration & { node: number[]; browser: number[] }> {
  const node = inNode();
  const page = await inBrowser(browser);
  if (node.check !== page.check) throw new Error(`the workload's checksum differs: Node ${node.check}, the browser ${page.check}`);
  const nodeTimes = [...(earlier?.node ?? []), ...node.times];
  const browserTimes = [...(earlier?.browser ?? []), ...page.times];
  const browserMs = median(browserTimes);
  return { nodeMs: median(nodeTimes), browserMs, ratio: Math.max(1, browserMs / REFERENCE_BROWSER_MS), node: nodeTimes, browser: browserTimes };
}

/** The calibration's rows: what it read, and what the browser's budgets are multiplied by. */
export function calibrationFigures(calibration: Calibration): Figure[] {
  const [oneMinute = 0] = loadavg();
  return [
    {
      name: `machine load: 1-minute load average, ${availableParallelism()} cores (at the end of the browser figures)`,
      value: oneMinute,
      unit: '',
      target: '',
      pass: null,
    },
    {
      name: `calibration: a fixed CPU workload in Node, median of ${RUNS * 2} (start and end of the run)`,
      value: calibration.nodeMs,
      unit: 'ms',
      target: '',
      pass: null,
    },
    {
      name: `calibration: the same workload in the browser (no CPU slowdown), median of ${RUNS * 2}; reference ${REFERENCE_BROWSER_MS} ms on a quiet machine`,
      value: calibration.browserMs,
      unit: 'ms',
      target: '',
      pass: null,
    },
    {
      name: 'calibration ratio (browser ÷ reference, at least 1): each browser timing budget below is judged as budget × ratio',
      value: calibration.ratio,
      unit: '×',
      target: '',
      pass: null,
    },
  ];
}

/** A browser timing held to `budgetMs` scaled by the run's calibration; the target says both. */
export function calibratedBudget(name: string, value: number, budgetMs: number, calibration: Calibration): Figure {
  const scaled = budgetMs * calibration.ratio;
  const target = calibration.ratio === 1 ? `≤ ${budgetMs}` : `≤ ${budgetMs} × ${calibration.ratio.toFixed(2)} = ${scaled.toFixed(1)}`;
  return { name, value, unit: 'ms', target, pass: value <= scaled };
}
