import { useId, useState, type SyntheticEvent } from 'react';
import { checkGuestName, MAX_NAME_LENGTH, NAME_NEEDS_LETTERS, reachesNameLimit } from '../guest/index.ts';

interface NameEntryProps {
  /** Called with what the guest typed; a name that is too short is ignored there. */
  readonly onSubmitName: (typedName: string) => void;
  /** The name the bar's server refused: the guest is asked for it again, their tab kept. */
  readonly refusedName?: string | undefined;
  /** The guest started on the field: a good moment to fetch what comes next. */
  readonly onStart?: (() => void) | undefined;
}

const LIMIT_REACHED = `Llegaste al máximo de ${MAX_NAME_LENGTH} caracteres: lo que sigas escribiendo no se agrega.`;

/** View 1: asks for the guest's real name before anything else (and again if the bar refused it). */
export function NameEntry({ onSubmitName, refusedName, onStart }: NameEntryProps) {
  const [typed, setTyped] = useState('');
  const [needsLetters, setNeedsLetters] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const limitId = useId();
  const lettersId = useId();
  const atLimit = reachesNameLimit(typed);

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkGuestName(typed);
    // A name too short is ignored without a word (spec §5); one that is long enough but unreadable is explained.
    setNeedsLetters(!check.ok && check.problem === 'letters');
    if (check.ok || check.problem === 'short') onSubmitName(typed);
  }

  return (
    <form className="card name-entry" onSubmit={submit} noValidate>
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
        id={inputId}
        className="text-input"
        type="text"
        name="full_name"
        autoComplete="name"
        autoCapitalize="words"
        enterKeyHint="go"
        placeholder="Tu nombre real"
        maxLength={MAX_NAME_LENGTH}
        aria-describedby={needsLetters ? `${hintId} ${limitId} ${lettersId}` : `${hintId} ${limitId}`}
        aria-invalid={needsLetters || undefined}
        value={typed}
        onFocus={onStart}
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
