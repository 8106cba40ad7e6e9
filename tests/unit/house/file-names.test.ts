/**
 * One file-name style: every module, folder and stylesheet is kebab-case
 * (`use-guest.ts`, `host-request.ts`); a React component's file is named as
 * the component (`NameEntry.tsx`). Supabase's own folders start with `_`.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const TREES = ['src', 'supabase/functions', 'build', 'scripts'];
const KEBAB = /^_?[a-z0-9]+(-[a-z0-9]+)*$/;
const COMPONENT = /^[A-Z][A-Za-z0-9]*$/;

function names(tree: string): string[] {
  return readdirSync(join(ROOT, tree), { recursive: true, encoding: 'utf8' }).map((path) => join(tree, path));
}

function misnamed(path: string): boolean {
  const parts = relative(ROOT, join(ROOT, path)).split('/');
  const file = parts.pop() ?? '';
  if (parts.some((folder) => !KEBAB.test(folder))) return true;
  const [stem = '', ...extensions] = file.split('.');
  if (extensions.length === 0) return !KEBAB.test(stem);
  return !(KEBAB.test(stem) || (extensions.at(-1) === 'tsx' && COMPONENT.test(stem)));
}

describe('file names', () => {
  it('are kebab-case, but for React components named as the component', () => {
    const wrong = TREES.flatMap(names).filter(misnamed);
    expect(wrong).toEqual([]);
  });

  it('would catch a camelCase module or a PascalCase one that is not a component', () => {
    expect(misnamed('src/guest/useGuest.ts')).toBe(true);
    expect(misnamed('src/views/Helpers.ts')).toBe(true);
    expect(misnamed('src/Views/App.tsx')).toBe(true);
    expect(misnamed('src/views/NameEntry.tsx')).toBe(false);
    expect(misnamed('supabase/functions/_shared/host-request.ts')).toBe(false);
    expect(misnamed('src/vite-env.d.ts')).toBe(false);
  });
});
