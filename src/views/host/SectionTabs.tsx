import { useRef, type KeyboardEvent } from 'react';
import { SECTIONS, type Section } from '../../host/index.ts';

interface SectionTabsProps {
  readonly section: Section;
  readonly onSelect: (section: Section) => void;
  /** The ids of each tab and of the panel it shows (the panels are the page's). */
  readonly ids: (section: Section) => { readonly tab: string; readonly panel: string };
}

const NEXT_BY_KEY: Readonly<Record<string, (at: number, count: number) => number>> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/**
 * The bar that chooses a party's section, as ARIA's tabs pattern asks: one tab
 * in the tab order (the chosen one), the arrows, Home and End move to another
 * and show it at once. It stays on screen while the section scrolls (host.css).
 */
export function SectionTabs({ section, onSelect, ids }: SectionTabsProps) {
  const buttons = useRef(new Map<Section, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = NEXT_BY_KEY[event.key];
    if (!move) return;
    event.preventDefault();
    const at = SECTIONS.findIndex((item) => item.id === section);
    const next = SECTIONS[move(at, SECTIONS.length)]?.id ?? section;
    onSelect(next);
    buttons.current.get(next)?.focus();
  }

  return (
    <div className="host-tabs" role="tablist" aria-label="Secciones de la fiesta" onKeyDown={onKeyDown}>
      {SECTIONS.map(({ id, label }) => (
        <button
          key={id}
          ref={(button) => {
            if (button) buttons.current.set(id, button);
            else buttons.current.delete(id);
          }}
          type="button"
          role="tab"
          id={ids(id).tab}
          className="host-tab"
          aria-selected={id === section}
          aria-controls={ids(id).panel}
          tabIndex={id === section ? 0 : -1}
          onClick={() => onSelect(id)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
