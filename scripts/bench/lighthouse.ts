/**
 * Lighthouse 12, mobile preset (its default: a mid-range phone, slow 4G, 4×
 * CPU), on the built app served by the product, in Debian's Chromium. The
 * worst of three runs for performance, accessibility and best practices: a
 * median would hide the one run in three that a guest gets.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config.ts';
import type { Figure } from './report.ts';

const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 97, accessibility: 100, 'best-practices': 100 };

interface Run {
  readonly scores: Record<string, number>;
  /** Cumulative Layout Shift: the page moving under the guest's thumb, the app's taking over the view as built included. */
  readonly cls: number;
  /** Audits that kept a category below 100, for the note. */
  readonly failing: string[];
}

async function once(url: string): Promise<Run> {
  // Each run in a fresh profile: a first visit, as a guest opening the link.
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
    const failing = CATEGORIES.flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}: ${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score ?? ''})`),
    );
    return { scores, cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, failing };
  } finally {
    chrome.kill();
  }
}

export async function benchLighthouse(url: string): Promise<{ figures: Figure[]; failing: string[] }> {
  const runs: Run[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await once(url));
  const figures = CATEGORIES.map((id): Figure => {
    const value = Math.min(...runs.map((run) => run.scores[id] ?? 0));
    return {
      name: `Lighthouse ${id} (mobile, worst of ${RUNS}: ${runs.map((run) => run.scores[id] ?? 0).join(', ')})`,
      value,
      unit: '',
      target: `${id === 'performance' ? '≥' : '='} ${TARGETS[id]}`,
      pass: value >= TARGETS[id],
    };
  });
  const cls = Math.max(...runs.map((run) => run.cls));
  figures.push({ name: `Lighthouse Cumulative Layout Shift (mobile, worst of ${RUNS})`, value: cls, unit: '', target: '= 0', pass: cls === 0 });
  return { figures, failing: [...new Set(runs.flatMap((run) => run.failing))] };
}
