import { useState } from 'react';
import { useHonour, type PartyGuest } from '../../host/index.ts';

/**
 * 'Invitado de honor: <name>': the guest whose tab the party pays (their total
 * shared evenly by the other guests, 'Invitación a <name>' on each tab). A real
 * checkbox on the guest's row, small beside its counts (the row says what it
 * means once ticked); one guest at a time (naming another moves it), unticking
 * takes it back. It needs the signal: it shows once the server
 * holds it, the party read again after.
 */
export function HonourToggle({ guest, honoured }: { readonly guest: PartyGuest; readonly honoured: boolean }) {
  const setHonour = useHonour();
  const [saving, setSaving] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function toggle(wanted: boolean) {
    setSaving(wanted);
    setProblem(null);
    setProblem(await setHonour(guest.id, wanted));
    setSaving(null);
  }

  const checked = saving ?? honoured;
  return (
    <>
      {/* A star beside the row's amounts ('Invitado de honor' on hover); the checkbox, unseen over it, takes the tap and is named in full. */}
      <label className="host-honour" title="Invitado de honor" data-on={checked || undefined} data-waiting={saving !== null || undefined}>
        <input
          type="checkbox"
          className="host-honour-box"
          aria-label={`Invitado de honor: ${guest.full_name}`}
          checked={checked}
          aria-busy={saving !== null}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <span aria-hidden="true">{checked ? '★' : '☆'}</span>
      </label>
      <span className="host-honour-said" aria-live="polite">
        {problem && <span className="host-error">{problem}</span>}
      </span>
    </>
  );
}
