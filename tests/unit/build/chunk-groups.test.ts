import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHUNK_GROUPS } from '../../../build/chunk-groups.ts';

const ROOT = join(import.meta.dirname, '../../..');

/** The module-id tests as vite.config.ts wrote them before the groups named their folders (the queue's then a group of its own, and keep-loaded.ts since joined it): the lists must say the same. */
const BEFORE = {
  sync: /[\\/]src[\\/](sync[\\/](?!transport\.ts)|platform[\\/]|server[\\/](?!rest\.ts)|views[\\/](disclosure|fields)\.ts|pwa[\\/]keep-loaded\.ts)|[\\/]supabase[\\/]functions[\\/]_shared[\\/](bar-bill|name-key|menu-import)\.ts/,
  guest:
    /[\\/]src[\\/](views[\\/](?!host[\\/])|tab[\\/]|payments[\\/]|comments[\\/]|catalogue[\\/]|menu[\\/])|[\\/]supabase[\\/]functions[\\/]_shared[\\/](?!host-|receipt-)/,
};

const testOf = (name: string): RegExp => {
  const test = CHUNK_GROUPS.find((group) => group.name === name && 'test' in group)?.test;
  if (!test) throw new Error(`no group ${name}`);
  return test;
};

/** The groups a module id falls in, in Rolldown's order. */
const groupsOf = (id: string): string[] => ['guest'].filter((name) => testOf(name).test(id));

describe('the chunk groups', () => {
  it.each([
    ['src/views/TabScreen.tsx', ['guest']],
    ['src/views/host/X.tsx', []],
    ['src/views/host/HostApp.tsx', []],
    ['src/sync/engine.ts', ['guest']],
    ['src/sync/transport.ts', []],
    ['src/server/rest.ts', []],
    ['src/server/client.ts', ['guest']],
    ['src/pwa/keep-loaded.ts', ['guest']],
    ['src/pwa/register-sw.ts', []],
    ['src/views/fields.ts', ['guest']],
    ['supabase/functions/_shared/bar-bill.ts', ['guest']],
    ['supabase/functions/_shared/host-request.ts', []],
    ['src/host/bill.ts', []],
    // The reading of the bar's bill is the host's alone.
    ['supabase/functions/_shared/receipt-text.ts', []],
    ['src/receipts/read.ts', []],
  ])('put %s in %o', (path, groups) => {
    expect(groupsOf(join(ROOT, path))).toEqual(groups);
  });

  /** Every module of the app and the shared rules, as Rolldown names them here and on Windows, and ids that only look alike. */
  const ids = [
    ...['src', 'supabase/functions/_shared'].flatMap((folder) =>
      readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' }).map((path) => `${ROOT}/${folder}/${path}`),
    ),
    '/app/node_modules/some-lib/src/platform/index.js',
    '/app/src/sync/transport.ts?worker',
    '/app/src/sync/transport.tsx',
    '/app/src/views/fields.tsx',
    '/app/src/views/hosting/A.tsx',
    '/app/supabase/functions/_shared/bar-bill.tsx',
    '/app/supabase/functions/_shared/hosted.ts',
    '/app/src/menu',
  ];
  const both = [...ids, ...ids.map((id) => id.replaceAll('/', '\\'))];

  it('guest takes exactly the modules the two regular expressions took before, the queue’s and the guest’s', () => {
    expect(both.length).toBeGreaterThan(100);
    const now = both.filter((id) => testOf('guest').test(id));
    expect(now).toEqual(both.filter((id) => BEFORE.sync.test(id) || BEFORE.guest.test(id)));
  });
});
