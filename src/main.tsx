import { lazy, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { BackendConfig } from './config/env-rules.ts';
import { env } from './config/env.ts';
// The storage check's, and the outbox's: every change a phone makes is written through it.
import { phoneDatabase } from './db/index.ts';
import { arriveByLink, watchGuest } from './guest/index.ts';
import { partyLinkIn } from './party/index.ts';
import { onceKeptAndIdle } from './platform/index.ts';
import { appTakesOver, firstViewFitsHere, HIDE_FIRST_VIEW, linkManifestOnceKept, STORED_GUEST_KEY, watchInstallOffers } from './pwa/index.ts';
import { OutboxProvider, type PageOutbox } from './sync/page.ts';
import { createOutbox, flushLock, loadSyncTransport, signalProbe, waitingKind, type Outbox } from './sync/index.ts';
import { guestRows, tabOnOutbox } from './tab/index.ts';
import { transfersOnOutbox } from './payments/transfer-kind.ts';
import { keepLoadedFiles } from './pwa/keep-loaded.ts';
import { App } from './views/App.tsx';
import { preloadLaterViews } from './views/later-views.ts';
import './views/theme.css';

// The browser may offer to install before anything renders: the offer is caught from the start.
watchInstallOffers(window);
// The manifest once the app is kept: on a first visit its bytes would come before offline-ready.
linkManifestOnceKept(document);

/** The host's page: a chunk of its own, fetched only at /anfitrion, never in the guests' first load. */
const HostApp = lazy(() => import('./views/host/HostApp.tsx'));
const isHostPage = /^\/anfitrion\/?$/.test(location.pathname);
/** Read before a party's link moves the phone (below): a returning guest's view is not the name view as built, even there. */
const fitsAsBuilt = firstViewFitsHere(location.pathname, () => localStorage.getItem(STORED_GUEST_KEY));

/**
 * A party's link (`/f/<code>`) moves the phone into that party before the
 * first render, so no other party's tab flashes by; from then on `/` (the
 * home screen icon) opens into it too.
 */
const link = partyLinkIn(location.pathname);
const arrival = link.kind === 'party' && !isHostPage ? arriveByLink(link.code) : null;

/**
 * The page's one outbox, built here and nowhere else: the generic queue
 * (sync/) with every capability's kinds registered (the tab's; the guest's
 * transfer notices; the host's paid marks, which its page connects to its key). Its code is in the one
 * file index.html loads (build/chunk-groups.ts); it is built once the first render is on its way, and the queue's
 * requests come apart, with the first flush or once the page is idle.
 */
function buildOutbox(backend: BackendConfig): Outbox {
  // What this visit loaded before the worker was in charge (the queue's requests among them) is kept too, so no flush waits for a download.
  keepLoadedFiles();
  // The app's own origin tells signal from none; the queue looks for it with this, and its requests are watched with it.
  const probe = signalProbe(location.origin);
  const outbox = createOutbox({ database: phoneDatabase, lock: flushLock(), appVersion: env.appVersion, probe });
  // The host's marks (host/paid-mark-kind.ts) wait here until the host's page registers its own kind with its key (host/marks.ts).
  outbox.register(waitingKind(['paid-mark']));
  let transport: ReturnType<typeof loadSyncTransport> | null = null;
  // Every guest's party from IndexedDB, as the queue's worker reads it: the queue may hold an earlier party's guest.
  const sharedTransport = () =>
    (transport ??= loadSyncTransport({ url: backend.supabaseUrl, anonKey: backend.supabaseAnonKey, partyOf: guestRows(phoneDatabase).partyOf, probe }).catch(
      (error: unknown) => {
        transport = null;
        throw error;
      },
    ));
  const guestArrives = tabOnOutbox(outbox, phoneDatabase, sharedTransport);
  transfersOnOutbox(outbox, phoneDatabase, sharedTransport);
  // The guest the phone holds now is told at once: their row is queued before the first flush, which sends it.
  let arrived: Promise<unknown> = Promise.resolve();
  watchGuest((guest) => {
    if (guest && !isHostPage) arrived = guestArrives(guest).catch(() => undefined);
  });
  outbox.start(arrived);
  // What comes after offline-ready is fetched ahead once the app is kept, so the worker keeps it before the signal
  // goes: the queue's requests (a guest who opens the app in the basement sends on the first seconds of signal, with
  // nothing to download first) and the guest's views of what only the server brings.
  onceKeptAndIdle(() => {
    if (!navigator.onLine) return;
    void sharedTransport().catch(() => undefined);
    if (!isHostPage) void preloadLaterViews().catch(() => undefined);
  });
  return outbox;
}

// Once this script has run to its end (the first render asked for), as an import of the same file would.
const outbox: PageOutbox = env.backend ? Promise.resolve(env.backend).then(buildOutbox) : null;
// An outbox that could not be built: the page's triggers (the next start) try again; nothing is lost, it is all in IndexedDB.
outbox?.catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

/**
 * index.html holds the name view as built (build/first-view.ts): a new guest
 * sees it, and may type, before this code arrives. It is taken over as it
 * stands (what was typed stays: React replays the change) unless the app
 * shows something else here (a stored guest's tab, the host's page); then it
 * goes before the first render, as the page was before. A link whose code
 * cannot be a party's shows only that.
 */
const asBuilt = root.hasAttribute('data-first-view');
const hidden = document.documentElement.hasAttribute(HIDE_FIRST_VIEW);
const takeOver = asBuilt && fitsAsBuilt && !hidden && link.kind !== 'malformed';
// From here the app shows what it shows: the early script, if it runs later, hides nothing of it.
root.removeAttribute('data-first-view');
appTakesOver(document);
const app = (
  <StrictMode>
    <OutboxProvider value={outbox}>
      {isHostPage ? (
        <Suspense fallback={null}>
          <HostApp />
        </Suspense>
      ) : (
        <App link={link} arrival={arrival} shownAsBuilt={takeOver} />
      )}
    </OutboxProvider>
  </StrictMode>
);
if (takeOver) {
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
