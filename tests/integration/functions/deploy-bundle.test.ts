/**
 * `supabase functions deploy` bundles supabase/functions/ and nothing above it
 * (imports from parent folders fail, supabase/cli#3467). So each function must
 * type-check from a copy of supabase/ alone, with the npm packages its import
 * map names (Supabase fetches those; here the project's node_modules stands in).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/lib/product.ts';

const FUNCTIONS = join(ROOT, 'supabase', 'functions');
const DENO = join(ROOT, 'node_modules', '.bin', 'deno');
let copy: string;

/** Every deployable function: a folder with an index.ts, not a shared or local-only one (_…). */
const functionNames = () =>
  readdirSync(FUNCTIONS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && existsSync(join(FUNCTIONS, entry.name, 'index.ts')))
    .map((entry) => entry.name);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'bar-tab-deploy-'));
  cpSync(join(ROOT, 'supabase'), join(copy, 'supabase'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
});

afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
});

describe('the functions, as Supabase deploys them', () => {
  it('finds the functions to deploy', () => {
    expect(functionNames()).toContain('comment');
  });

  it('import nothing from outside supabase/functions/', () => {
    const escapes: string[] = [];
    for (const file of sourceFiles(FUNCTIONS)) {
      for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
        const target = resolve(dirname(file), specifier);
        if (relative(FUNCTIONS, target).startsWith('..')) escapes.push(`${relative(ROOT, file)} → ${specifier}`);
      }
    }
    expect(escapes).toEqual([]);
  });

  it.each(functionNames())(
    '%s type-checks from a copy of supabase/ alone',
    (name) => {
      const config = join('supabase', 'functions', name, 'deno.json');
      const check = spawnSync(
        DENO,
        [
          'check',
          '--node-modules-dir=manual',
          '--no-remote',
          '--no-lock',
          ...(existsSync(join(copy, config)) ? [`--config=${config}`] : []),
          join('supabase', 'functions', name, 'index.ts'),
        ],
        {
          cwd: copy,
          encoding: 'utf8',
          env: { PATH: process.env.PATH ?? '', DENO_DIR: join(copy, '.deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
          timeout: 120_000,
        },
      );
      expect(check.stderr).not.toMatch(/error/i);
      expect(check.status).toBe(0);
    },
    150_000,
  );
});
