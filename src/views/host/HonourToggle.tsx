import { useState } from 'react';
import { useHonour, type PartyGuest } from '../../host/index.ts';

/** The guest of honour's toggle on one guest's row: what it shows, and why the server refused it (if it did). */
export interface Honour {
  readonly guest: PartyGuest;
  readonly checked: boolean;
  readonly saving: boolean;
  readonly problem: string | null;
  readonly toggle: (wanted: boolean) => Promise<void>;
}

/**
 * 'Invitado de honor: <name>': the guest whose tab the party pays (their total
 * shared evenly by the other guests, 'Invitación a <name>' on each tab). One
 * guest at a time (naming another moves it), unticking takes it back. It needs
 * the signal: it shows once the server holds it, the party read again after.
 */
export function useHonourToggle(guest: PartyGuest, honoured: boolean): Honour {
  const setHonour = useHonour();
  const [saving, setSaving] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  async function toggle(wanted: boolean) {
    setSaving(wanted);
    setProblem(null);
    setProblem(await setHonour(guest.id, wanted));
    setSaving(null);
  }
  return { guest, checked: saving ?? honoured, saving: saving !== null, problem, toggle };
}

/** A star beside 'Pagó' ('Invitado de honor' on hover); the checkbox, unseen over it, takes the tap and is named in full. */
export function HonourStar({ honour }: { readonly honour: Honour }) {
  const { guest, checked, saving, toggle } = honour;
  return (
    <label className="host-honour" title="Invitado de honor" data-on={checked || undefined} data-waiting={saving || undefined}>
      <input
        type="checkbox"
        className="host-honour-box"
        aria-label={`Invitado de honor: ${guest.full_name}`}
        checked={checked}
        aria-busy={saving}
        onChange={(event) => void toggle(event.target.checked)}
      />
      <span aria-hidden="true">{checked ? '★' : '☆'}</span>
    </label>
  );
}

/** Why the server refused the star, on a line of its own under the row's head. */
export function HonourRefusal({ honour }: { readonly honour: Honour }) {
  return (
    <p className="host-honour-said" aria-live="polite">
      {honour.problem && <span className="host-error">{honour.problem}</span>}
    </p>
  );
}
