/** Shared by the benchmarks: medians, a Markdown table, and JSON under bench-results/. */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export interface Figure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** e.g. '≤ 3' or '≥ 20'; empty when the figure has no budget. */
  readonly target: string;
  readonly pass: boolean | null;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const round = (value: number) => (Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 10) / 10);

export function table(figures: readonly Figure[]): string {
  const rows = figures.map(
    (figure) =>
      `| ${figure.name} | ${round(figure.value)} ${figure.unit} | ${figure.target || '—'} | ${figure.pass === null ? '—' : figure.pass ? 'ok' : 'MISSED'} |`,
  );
  return ['| figure | value | target | |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

export async function saveResults(name: string, data: unknown): Promise<string> {
  const dir = fileURLToPath(new URL('../../bench-results/', import.meta.url));
  await mkdir(dir, { recursive: true });
  const file = `${dir}${name}.json`;
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
