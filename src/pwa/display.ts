import { runsInstalled } from './install-rules.ts';

/** True when the app runs installed, from the home screen, not in a browser tab. */
export function appRunsInstalled(): boolean {
  const standalone = typeof matchMedia === 'function' && matchMedia('(display-mode: standalone), (display-mode: fullscreen)').matches;
  return runsInstalled(standalone, (navigator as Navigator & { readonly standalone?: unknown }).standalone);
}
