import { describe, expect, it } from 'vitest';
import { guestModules, isLater, type ModuleLinks } from '../../../build/chunk-groups.ts';

/** A module graph as Rolldown's getModuleInfo tells it: ids to their static and dynamic imports. */
function graph(entries: readonly string[], links: Record<string, { static?: string[]; dynamic?: string[] }>) {
  const ids = [...new Set([...entries, ...Object.entries(links).flatMap(([id, to]) => [id, ...(to.static ?? []), ...(to.dynamic ?? [])])])].filter(
    (id) => !id.includes('missing'),
  );
  const linksOf = (id: string): ModuleLinks | null =>
    ids.includes(id) ? { isEntry: entries.includes(id), importedIds: links[id]?.static ?? [], dynamicallyImportedIds: links[id]?.dynamic ?? [] } : null;
  return guestModules(ids, linksOf);
}

const MAIN = '/app/src/main.tsx';
const HOST = '/app/src/views/host/HostApp.tsx';
const TRANSPORT = '/app/src/sync/transport.ts';

describe('the guest’s download', () => {
  it('is every module the entry reaches, statically and through dynamic imports, but not through a later one', () => {
    const modules = graph([MAIN], {
      [MAIN]: { static: ['/app/node_modules/react/index.js'], dynamic: ['/app/src/sync/index.ts', HOST] },
      '/app/src/sync/index.ts': { static: ['/app/src/sync/engine.ts'], dynamic: [TRANSPORT, '/app/src/views/EarlierParties.tsx'] },
      [TRANSPORT]: { static: ['/app/node_modules/@supabase/postgrest-js/index.js'] },
      [HOST]: { static: ['/app/src/host/bill.ts', '/app/supabase/functions/_shared/bar-bill.ts', '/app/src/platform/index.ts'] },
      '/app/src/views/EarlierParties.tsx': { static: ['/app/supabase/functions/_shared/bill-claims.ts', '/app/src/platform/index.ts'] },
    });
    expect([...modules].sort()).toEqual(
      [
        MAIN,
        '/app/node_modules/react/index.js',
        '/app/src/sync/index.ts',
        '/app/src/sync/engine.ts',
        '/app/src/views/EarlierParties.tsx',
        '/app/supabase/functions/_shared/bill-claims.ts',
        // Shared with the host's page, which loads the guest's download too.
        '/app/src/platform/index.ts',
      ].sort(),
    );
  });

  it('takes a module a later chunk imports too, when the guest’s code imports it itself', () => {
    const modules = graph([MAIN], {
      [MAIN]: { static: ['/app/src/server/client.ts'], dynamic: [TRANSPORT] },
      [TRANSPORT]: { static: ['/app/src/server/client.ts'] },
    });
    expect(modules.has('/app/src/server/client.ts')).toBe(true);
    expect(modules.has(TRANSPORT)).toBe(false);
  });

  it('follows a later module imported statically (only a dynamic import may wait), and ends on cycles', () => {
    const modules = graph([MAIN], {
      [MAIN]: { static: [TRANSPORT, '/app/src/a.ts'] },
      '/app/src/a.ts': { static: ['/app/src/b.ts'] },
      '/app/src/b.ts': { static: ['/app/src/a.ts'] },
    });
    expect([...modules].sort()).toEqual([MAIN, TRANSPORT, '/app/src/a.ts', '/app/src/b.ts'].sort());
  });

  it('starts at every entry, and knows no module the graph does not', () => {
    const modules = graph([MAIN, '/app/anfitrion.html'], { '/app/anfitrion.html': { static: ['/app/missing.ts'] } });
    expect([...modules].sort()).toEqual([MAIN, '/app/anfitrion.html'].sort());
  });

  it.each([
    [TRANSPORT, true],
    [HOST, true],
    ['C:\\app\\src\\views\\host\\HostApp.tsx', true],
    ['/app/src/sync/transport.tsx', false],
    ['/app/src/views/host/HostAppX.tsx', false],
    ['/app/src/sync/engine.ts', false],
    // What only the signal brings: the bar's bill to claim from, the host's bank details.
    ['/app/src/views/BillClaims.tsx', true],
    ['/app/src/views/PayByTransfer.tsx', true],
    ['/app/src/views/TabScreen.tsx', false],
  ])('waits for %s: %s', (id, later) => {
    expect(isLater(id)).toBe(later);
  });
});
