/**
 * No module of src/ reaches itself through its imports, type-only ones
 * included: ESLint's import/no-cycle passes over `import type`, and that is
 * how db/ and sync/ once came to lean on each other. A static import or
 * re-export is an edge; a dynamic import() is a chunk loaded later, not one.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../../src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) ? [path] : [];
  });
}

/** Each file's relative imports and re-exports inside the folder, as resolved paths. */
function importGraph(folder: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(folder)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const targets = source.statements.flatMap((statement) => {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return [];
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return [];
      const target = resolve(dirname(file), specifier.text);
      return target.startsWith(folder) ? [target] : [];
    });
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle a depth-first walk meets, each as the files it passes through, relative to the folder. */
function importCycles(folder: string): string[][] {
  const graph = importGraph(folder);
  const onPath: string[] = [];
  const done = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    onPath.push(file);
    for (const target of graph.get(file) ?? []) {
      const at = onPath.indexOf(target);
      if (at >= 0) cycles.push([...onPath.slice(at), target].map((path) => relative(folder, path)));
      else if (!done.has(target)) visit(target);
    }
    onPath.pop();
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return cycles;
}

describe('imports in src/', () => {
  const copies: string[] = [];
  afterAll(() => {
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  });

  it('never come back to where they started, type-only imports included', () => {
    expect(importCycles(SRC)).toEqual([]);
  });

  it('are caught when one type import closes a circle (db/ reading the queue’s entries from sync/)', () => {
    const copy = mkdtempSync(join(tmpdir(), 'bar-tab-cycles-'));
    copies.push(copy);
    cpSync(SRC, copy, { recursive: true });
    const records = join(copy, 'db/records.ts');
    writeFileSync(records, `import type { SyncTransport } from '../sync/queue.ts';\nexport type Probe = SyncTransport;\n${readFileSync(records, 'utf8')}`);
    const cycles = importCycles(copy);
    expect(cycles.length).toBeGreaterThan(0);
    expect(cycles.some((cycle) => cycle.includes('db/records.ts') && cycle.includes('sync/queue.ts'))).toBe(true);
  });
});
