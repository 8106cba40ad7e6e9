import { useState } from 'react';
import { useHonour, type PartyGuest } from '../../host/index.ts';

/**
 * 'Invitado de honor: <name>': the guest whose tab the party pays (their total
 * shared evenly by the other guests, 'Invitación a <name>' on each tab). A real
 * checkbox drawn like the paid pill, on the guest's row (the row says what it
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

  return (
    <div className="host-honour">
      <label className="host-paid host-honour-toggle" data-waiting={saving !== null || undefined}>
        <input
          type="checkbox"
          className="host-paid-box"
          aria-label={`Invitado de honor: ${guest.full_name}`}
          checked={saving ?? honoured}
          aria-busy={saving !== null}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <span aria-hidden="true">Invitado de honor</span>
      </label>
      <div aria-live="polite">{problem && <p className="host-error">{problem}</p>}</div>
    </div>
  );
}
