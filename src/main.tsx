import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './views/App.tsx';
import './views/theme.css';

/** The host's page: a chunk of its own, fetched only at /anfitrion, never in the guests' first load. */
const HostApp = lazy(() => import('./views/host/HostApp.tsx'));
const isHostPage = /^\/anfitrion\/?$/.test(location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    {isHostPage ? (
      <Suspense fallback={null}>
        <HostApp />
      </Suspense>
    ) : (
      <App />
    )}
  </StrictMode>,
);
