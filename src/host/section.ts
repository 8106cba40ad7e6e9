/**
 * Which section of a party's page shows ('Invitados', 'Carta', 'Cuenta del bar',
 * 'Pagos', 'Compartir'),
 * kept in the address's fragment (`/anfitrion#compartir`): a reload opens the
 * same section and the back button goes to the one before. The fragment never
 * reaches a server, so static hosts and the service worker answer it as
 * `/anfitrion`.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { createListeners } from '../platform/index.ts';

export const SECTIONS = [
  { id: 'invitados', label: 'Invitados' },
  { id: 'carta', label: 'Carta' },
  { id: 'cuenta', label: 'Cuenta del bar' },
  { id: 'pagos', label: 'Pagos' },
  { id: 'compartir', label: 'Compartir' },
] as const;

export type Section = (typeof SECTIONS)[number]['id'];

/** The section a fragment names; any other (none, an old link) is 'Invitados', the night's first need. */
export function sectionIn(hash: string): Section {
  const named = hash.replace(/^#/, '');
  return SECTIONS.find((section) => section.id === named)?.id ?? 'invitados';
}

/** 'push' is a tap on the tabs (back undoes it); 'replace' moves without a history step (a party opened, a new one made). */
export type SectionStep = 'push' | 'replace';

const follow = () => {
  window.addEventListener('popstate', notify);
  window.addEventListener('hashchange', notify);
};
const stop = () => {
  window.removeEventListener('popstate', notify);
  window.removeEventListener('hashchange', notify);
};
// The address changes under the page (back, forward, a typed fragment): followed while a page shows a section.
const { subscribe, notify } = createListeners({ first: follow, last: stop });

const currentSection = () => sectionIn(location.hash);

/** Moves the address to a section (pushState and replaceState fire no event: the listeners are told here). */
export function goToSection(section: Section, step: SectionStep = 'push'): void {
  if (section === currentSection() && step === 'push') return;
  const url = `${location.pathname}${location.search}#${section}`;
  if (step === 'push') history.pushState(history.state, '', url);
  else history.replaceState(history.state, '', url);
  notify();
}

/** The section in the address, and the way to change it. */
export function useSection(): readonly [Section, (section: Section, step?: SectionStep) => void] {
  const section = useSyncExternalStore(subscribe, currentSection);
  const go = useCallback((next: Section, step?: SectionStep) => goToSection(next, step), []);
  return [section, go];
}
