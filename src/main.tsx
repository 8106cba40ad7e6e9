import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { arriveByLink } from './guest/index.ts';
import { partyLinkIn } from './party/index.ts';
import { App } from './views/App.tsx';
import './views/theme.css';

/** The host's page: a chunk of its own, fetched only at /anfitrion, never in the guests' first load. */
const HostApp = lazy(() => import('./views/host/HostApp.tsx'));
const isHostPage = /^\/anfitrion\/?$/.test(location.pathname);

/**
 * A party's link (`/f/<code>`) moves the phone into that party before the
 * first render, so no other party's tab flashes by; from then on `/` (the
 * home screen icon) opens into it too.
 */
const link = partyLinkIn(location.pathname);
const arrival = link.kind === 'party' && !isHostPage ? arriveByLink(link.code) : null;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    {isHostPage ? (
      <Suspense fallback={null}>
        <HostApp />
      </Suspense>
    ) : (
      <App link={link} arrival={arrival} />
    )}
  </StrictMode>,
);
