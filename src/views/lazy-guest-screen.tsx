import { lazy, Suspense } from 'react';
import type { Guest } from '../guest/index.ts';

type GuestScreenModule = typeof import('./GuestScreen.tsx');

let loaded: GuestScreenModule | undefined;
let loading: Promise<GuestScreenModule> | undefined;

/** Fetches the tab's code once: when a guest has a name, or already while a new guest types it. */
export function loadGuestScreen(): Promise<GuestScreenModule> {
  loading ??= import('./GuestScreen.tsx').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const LazyGuestScreen = lazy(async () => ({ default: (await loadGuestScreen()).GuestScreen }));
const LazyEarlierParties = lazy(async () => ({ default: (await loadGuestScreen()).EarlierParties }));

/** Shown only if the tab's code takes a while (a first visit on a slow signal). */
function Opening() {
  return (
    <section className="card opening" aria-busy="true">
      <p className="note">Abriendo tu cuenta…</p>
    </section>
  );
}

/** The guest's screen; rendered at once when its code is already here. */
export function GuestScreenWhenLoaded({ guest }: { readonly guest: Guest }) {
  if (loaded) return <loaded.GuestScreen guest={guest} />;
  return (
    <Suspense fallback={<Opening />}>
      <LazyGuestScreen guest={guest} />
    </Suspense>
  );
}

/** 'Fiestas anteriores', once the tab's code is here; nothing while it comes. */
export function EarlierPartiesWhenLoaded({ guests }: { readonly guests: readonly Guest[] }) {
  if (guests.length === 0) return null;
  if (loaded) return <loaded.EarlierParties guests={guests} />;
  return (
    <Suspense fallback={null}>
      <LazyEarlierParties guests={guests} />
    </Suspense>
  );
}
