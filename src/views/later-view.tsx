import { useEffect, useState, type ComponentType } from 'react';

/** A view whose code comes after offline-ready: what index.html's bundle leaves out, and how to fetch it ahead. */
export interface LaterView<P> {
  readonly View: ComponentType<P>;
  /** Fetches the view's code (once), so the worker keeps it: main.tsx asks once the app is kept and the page idle. */
  readonly preload: () => Promise<unknown>;
}

/**
 * A view that shows only what the signal brings (the bar's bill to claim from, the host's bank details): its code is
 * not in the guest's first download (build/chunk-groups.ts), so a first visit on one bar of signal is offline-ready
 * sooner; it is fetched once the page is idle and kept by the worker from then on, long before such data comes.
 * Until its code is here the view shows nothing (never an error over the tab); a fetch that failed (no signal yet)
 * is tried again at the next mount and when the browser says the signal is back.
 */
export function laterView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LaterView<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function View(props: P) {
    const [Loaded, setLoaded] = useState(() => loaded);
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      const tryNow = () =>
        void preload().then(
          (view) => live && setLoaded(() => view),
          () => undefined,
        );
      tryNow();
      window.addEventListener('online', tryNow);
      return () => {
        live = false;
        window.removeEventListener('online', tryNow);
      };
    }, [Loaded]);
    return Loaded ? <Loaded {...props} /> : null;
  }
  return { View, preload };
}
