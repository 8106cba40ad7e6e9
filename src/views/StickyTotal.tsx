import { useEffect, useState, type RefObject } from 'react';
import type { SyncLine, SyncTone } from '../sync/index.ts';
import { formatPesos, tippedTotal, useTabTotal, type TabStore } from '../tab/index.ts';

/** Room the bar takes at the bottom: the totals count as seen only above it. */
const BAR_ROOM_PX = 88;

const SYNC_WORDS: Readonly<Record<SyncTone, string>> = {
  ok: 'Sincronizado',
  pending: 'Enviando…',
  offline: 'Sin señal, guardado',
  problem: 'Revisa abajo',
};

interface StickyTotalProps {
  /** The bar follows its total. */
  readonly tab: TabStore;
  readonly sync: SyncLine | null;
  /** The totals and payment buttons in the tab. */
  readonly totalsRef: RefObject<HTMLElement | null>;
}

/** True while `target` is below the screen (a tab longer than the screen, scrolled up). */
function useBelowScreen(target: RefObject<HTMLElement | null>): boolean {
  const [below, setBelow] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver !== 'function') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (entry) setBelow(!entry.isIntersecting && entry.boundingClientRect.top > 0);
      },
      { rootMargin: `0px 0px -${BAR_ROOM_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return below;
}

function goTo(element: HTMLElement | null): void {
  if (!element) return;
  const still = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'nearest' });
  // Keyboard and screen reader users continue from the totals too.
  element.focus({ preventScroll: true });
}

/** The total always at hand: a compact bar at the bottom while the totals are below the screen. */
export function StickyTotal({ tab, sync, totalsRef }: StickyTotalProps) {
  const total = useTabTotal(tab);
  const below = useBelowScreen(totalsRef);
  if (!below || !total) return null;
  return (
    <button type="button" className="sticky-total" onClick={() => goTo(totalsRef.current)}>
      <span className="sticky-total-label">Total con propina</span>
      <span className="sticky-total-amount price">{formatPesos(tippedTotal(total))}</span>
      {sync && <span className={`sticky-total-sync sync-dot-${sync.tone}`}>{SYNC_WORDS[sync.tone]}</span>}
    </button>
  );
}
