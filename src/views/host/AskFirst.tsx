import { useEffect, useId, useRef } from 'react';

/**
 * A change that moves what guests who already paid owe asks first (issue 42):
 * 'Esto cambia la cuenta de N invitados que ya pagaron.' with 'Cancelar'
 * (nothing changes: the server undid it) and 'Sí, cambiar' (sent again,
 * confirmed). Focus goes to 'Cancelar', the choice that moves no money.
 */
export function AskFirst({
  question,
  onAnswer,
  busy = false,
}: {
  readonly question: string;
  readonly onAnswer: (yes: boolean) => void;
  readonly busy?: boolean;
}) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div className="host-confirm host-ask-first" role="alertdialog" aria-labelledby={id}>
      <p id={id}>{question}</p>
      <div className="host-form-buttons">
        <button ref={cancel} type="button" className="button button-secondary" disabled={busy} onClick={() => onAnswer(false)}>
          Cancelar
        </button>
        <button type="button" className="button button-primary" aria-busy={busy} disabled={busy} onClick={() => onAnswer(true)}>
          Sí, cambiar
        </button>
      </div>
    </div>
  );
}
