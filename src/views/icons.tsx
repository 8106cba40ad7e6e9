/** Small line icons for the tab's buttons; each button carries its own accessible name. */

function Icon({ path }: { readonly path: string }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** "+1": one more of the same. */
export const PlusOneIcon = () => <Icon path="M2.5 12h8M6.5 8v8M14.5 9.5 18 7v11" />;

/** "×": take it off. */
export const RemoveIcon = () => <Icon path="M6.5 6.5l11 11M17.5 6.5l-11 11" />;
