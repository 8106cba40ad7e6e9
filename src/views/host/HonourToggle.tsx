import { useState } from 'react';
import { useHonour, type PartyGuest } from '../../host/index.ts';
import { AskFirst } from './AskFirst.tsx';

/** The guest of honour's toggle on one guest's row: what it shows, what it asks first, and why the server refused it (if it did). */
export interface Honour {
  readonly guest: PartyGuest;
  readonly checked: boolean;
  readonly saving: boolean;
  readonly problem: string | null;
  /** 'Esto cambia la cuenta de N invitados que ya pagaron.' while the server waits for 'Sí, cambiar' (issue 42). */
  readonly question: string | null;
  readonly toggle: (wanted: boolean) => Promise<void>;
  readonly answer: (yes: boolean) => void;
}

/**
 * 'Invitado de honor: <name>': the guest whose tab the party pays (their total
 * shared evenly by the other guests, 'Invitación a <name>' on each tab). One
 * guest at a time (naming another moves it), unticking takes it back. It needs
 * the signal: it shows once the server holds it, the party read again after.
 * When it moves what a guest who already paid owes, the server asks first.
 */
export function useHonourToggle(guest: PartyGuest, honoured: boolean): Honour {
  const setHonour = useHonour();
  const [saving, setSaving] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [question, setQuestion] = useState<{ readonly text: string; readonly wanted: boolean } | null>(null);

  async function toggle(wanted: boolean, confirm = false) {
    setSaving(wanted);
    setProblem(null);
    setQuestion(null);
    const outcome = await setHonour(guest.id, wanted, confirm);
    if (outcome !== null && typeof outcome === 'object') setQuestion({ text: outcome.question, wanted });
    else setProblem(outcome);
    setSaving(null);
  }

  function answer(yes: boolean) {
    const asked = question;
    setQuestion(null);
    if (yes && asked) void toggle(asked.wanted, true);
  }

  return { guest, checked: saving ?? honoured, saving: saving !== null, problem, question: question?.text ?? null, toggle: (wanted) => toggle(wanted), answer };
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

/** What the star asks first, or why the server refused it, on a line of its own under the row's head. */
export function HonourRefusal({ honour }: { readonly honour: Honour }) {
  return (
    <div className="host-honour-said" aria-live="polite">
      {honour.question && <AskFirst question={honour.question} onAnswer={honour.answer} />}
      {honour.problem && <span className="host-error">{honour.problem}</span>}
    </div>
  );
}
