import { useEffect, useId, useLayoutEffect, useRef, useState, type SyntheticEvent } from 'react';
import { checkGuestName, MAX_NAME_LENGTH, NAME_NEEDS_LETTERS, reachesNameLimit } from '../guest/index.ts';
import { NAME_FIELD, takeEarlyName } from '../pwa/index.ts';

interface NameEntryProps {
  /** Called with what the guest typed; a name that is too short is ignored there. */
  readonly onSubmitName: (typedName: string) => void;
  /** The name the bar's server refused: the guest is asked for it again, their tab kept. */
  readonly refusedName?: string | undefined;
}

const LIMIT_REACHED = `Llegaste al máximo de ${MAX_NAME_LENGTH} caracteres: lo que sigas escribiendo no se agrega.`;

/** View 1: asks for the guest's real name before anything else (and again if the bar refused it). */
export function NameEntry({ onSubmitName, refusedName }: NameEntryProps) {
  const [typed, setTyped] = useState('');
  const [needsLetters, setNeedsLetters] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const limitId = useId();
  const lettersId = useId();
  const atLimit = reachesNameLimit(typed);
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // Typed on the view as built, before the app ran: the field holds it, and React, which took the field over
  // with an empty name, would put that back on its next render (tests/e2e/first-view.spec.ts). The state takes
  // it before the first paint.
  useLayoutEffect(() => {
    const early = input.current?.value ?? '';
    if (early !== '') setTyped(early);
  }, []);

  // 'Continuar' tapped on the view as built, before the app ran (src/pwa/first-view.ts): it goes now.
  useEffect(() => {
    const early = takeEarlyName(document);
    if (!early) return;
    if (early.from === 'address' && input.current) {
      input.current.value = early.name;
      setTyped(early.name);
    }
    form.current?.requestSubmit();
  }, []);

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    // The field's own value: the same as `typed`, and also what was typed before the app ran, even if its change is still on its way.
    const name = input.current?.value ?? typed;
    const check = checkGuestName(name);
    // A name too short is ignored without a word (spec §5); one that is long enough but unreadable is explained.
    setNeedsLetters(!check.ok && check.problem === 'letters');
    if (check.ok || check.problem === 'short') onSubmitName(name);
  }

  return (
    <form ref={form} className="card name-entry" onSubmit={submit} noValidate>
      <label className="card-title" htmlFor={inputId}>
        Ingresa tu nombre para continuar
      </label>
      {refusedName !== undefined && (
        <p className="name-refused" role="alert">
          El bar no aceptó el nombre «{refusedName}». Escríbelo de nuevo: tu cuenta sigue guardada en este teléfono.
        </p>
      )}
      <p className="hint" id={hintId}>
        Tu nombre real, porfa :)
      </p>
      <input
        ref={input}
        id={inputId}
        className="text-input"
        type="text"
        name={NAME_FIELD}
        autoComplete="name"
        autoCapitalize="words"
        enterKeyHint="go"
        placeholder="Tu nombre real"
        maxLength={MAX_NAME_LENGTH}
        aria-describedby={needsLetters ? `${hintId} ${limitId} ${lettersId}` : `${hintId} ${limitId}`}
        aria-invalid={needsLetters || undefined}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setNeedsLetters(false);
        }}
      />
      {/* Always in the page, so the limit is announced the moment it is reached. */}
      <p className="name-limit" id={limitId} aria-live="polite">
        {atLimit ? LIMIT_REACHED : ''}
      </p>
      {needsLetters && (
        <p className="name-refused" id={lettersId} role="alert">
          {NAME_NEEDS_LETTERS}
        </p>
      )}
      <button className="button button-primary" type="submit">
        Continuar
      </button>
    </form>
  );
}
