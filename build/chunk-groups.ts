/**
 * The chunks a guest's phone asks for, each a request (and on one bar of signal often a new connection's handshake,
 * and about a kilobyte of headers both ways): what index.html loads; and, in one file, everything the app asks for
 * once it runs: the queue and the way to the server (SYNC_PLACES), the guest's screen with everything it opens later
 * (GUEST_PLACES). Every page loads both, the host's too, since main.tsx builds the outbox with the tab's kinds on
 * each; as two files they cost a guest's first visit one more request before the app works offline. Left to itself
 * Rolldown cut the guest's path into nine files, three round trips deep. The host's own sections, the QR code and the
 * queue's requests stay chunks of their own. The groups name their folders here; the module-id tests Rolldown wants
 * are built from the lists.
 */

/** A folder (ending in '/') or a file, and what in it stays out (a name, or how names begin). */
interface Place {
  readonly path: string;
  readonly except?: readonly string[];
}

/** Where a group's modules are: under src/, and under supabase/functions/_shared/ (the rules app and functions share). */
interface Places {
  readonly src: readonly Place[];
  readonly shared: readonly Place[];
}

/** The queue and the way to the server: not the queue's requests (transport.ts) nor PostgREST's builder (rest.ts); the files a first visit loaded before the worker was in charge, told to it (keep-loaded.ts). */
export const SYNC_PLACES: Places = {
  src: [
    { path: 'sync/', except: ['transport.ts'] },
    { path: 'platform/' },
    { path: 'server/', except: ['rest.ts'] },
    { path: 'views/disclosure.ts' },
    { path: 'views/fields.ts' },
    { path: 'pwa/keep-loaded.ts' },
  ],
  shared: [{ path: 'bar-bill.ts' }, { path: 'name-key.ts' }, { path: 'menu-import.ts' }],
};

/**
 * The guest's screen and what it opens later; not the host's page, nor the host function's own rules (host-…), nor
 * the reading of the bar's bill (receipt-…), which only the host's page and function use.
 */
export const GUEST_PLACES: Places = {
  src: [{ path: 'views/', except: ['host/'] }, { path: 'tab/' }, { path: 'payments/' }, { path: 'comments/' }, { path: 'catalogue/' }, { path: 'menu/' }],
  shared: [{ path: '', except: ['host-', 'receipt-'] }],
};

/** A path separator as a module id has it, on any system. */
const SEP = String.raw`[\\/]`;

const pattern = (path: string): string =>
  path
    .split('/')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, String.raw`\$&`))
    .join(SEP);

function alternatives(places: readonly Place[]): string {
  return places.map(({ path, except }) => pattern(path) + (except ? `(?!${except.map(pattern).join('|')})` : '')).join('|');
}

/** Whether a module id lies in the places: anywhere in the id, as Rolldown's `test` reads it. */
export function placesTest({ src, shared }: Places): RegExp {
  return new RegExp(`${SEP}src${SEP}(?:${alternatives(src)})|${SEP}supabase${SEP}functions${SEP}_shared${SEP}(?:${alternatives(shared)})`);
}

export const CHUNK_GROUPS = [
  { name: 'index', tags: ['$initial' as const] },
  { name: 'guest', test: new RegExp(`${placesTest(SYNC_PLACES).source}|${placesTest(GUEST_PLACES).source}`) },
];
