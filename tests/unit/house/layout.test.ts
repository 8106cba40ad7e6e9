/**
 * The layout in docs/architecture.md lists every folder and file `ls` shows in
 * the places it describes, and nothing that is not there: a new folder or a
 * rename fails here until the layout says what it is.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
/** The places the layout describes entry by entry; in src/views/ (thirty components) its folders only. */
const LISTED = ['src', 'supabase', 'supabase/functions', 'tests'];
const FOLDERS_LISTED = ['src/views'];
/** Top-level folders it names too (the rest of the top level is configuration). */
const TOP_FOLDERS = ['src', 'supabase', 'build', 'scripts', 'tests', 'docs', 'public'];

/** The layout block as paths: each entry's indentation says which folder it is in. */
function layoutPaths(doc: string): Set<string> {
  const block = /## Layout\n[\s\S]*?```\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
  const paths = new Set<string>();
  const parents: string[] = [];
  for (const line of block.split('\n')) {
    const match = /^( *)(\S+)/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 2;
    const name = (match[2] ?? '').replace(/\/$/, '');
    if (!Number.isInteger(depth) || depth > parents.length) continue; // a description carried over to its own line
    parents.length = depth;
    const path = [...parents, name].join('/');
    paths.add(path);
    if ((match[2] ?? '').endsWith('/')) parents.push(name);
  }
  return paths;
}

const listed = layoutPaths(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));

describe('the layout in docs/architecture.md', () => {
  it.each(LISTED)('names every entry of %s/ and nothing else there', (folder) => {
    const onDisk = readdirSync(join(ROOT, folder))
      .map((entry) => `${folder}/${entry}`)
      .sort();
    const inLayout = [...listed].filter((path) => path.startsWith(`${folder}/`) && !path.slice(folder.length + 1).includes('/')).sort();
    expect(inLayout).toEqual(onDisk);
  });

  it.each(FOLDERS_LISTED)('names every folder of %s/', (folder) => {
    const onDisk = readdirSync(join(ROOT, folder))
      .filter((entry) => statSync(join(ROOT, folder, entry)).isDirectory())
      .map((entry) => `${folder}/${entry}`);
    const inLayout = [...listed].filter((path) => path.startsWith(`${folder}/`) && !path.slice(folder.length + 1).includes('/'));
    expect(inLayout.sort()).toEqual(onDisk.sort());
  });

  it('names the top-level folders', () => {
    expect(TOP_FOLDERS.filter((folder) => !listed.has(folder))).toEqual([]);
  });
});
