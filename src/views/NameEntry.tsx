import { useId, useState, type SyntheticEvent } from 'react';
import { MAX_NAME_LENGTH } from '../guest/index.ts';

interface NameEntryProps {
  /** Called with what the guest typed; a name that is too short is ignored there. */
  readonly onSubmitName: (typedName: string) => void;
  /** The name the bar's server refused: the guest is asked for it again, their tab kept. */
  readonly refusedName?: string | undefined;
}

/** View 1: asks for the guest's real name before anything else (and again if the bar refused it). */
export function NameEntry({ onSubmitName, refusedName }: NameEntryProps) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const hintId = useId();

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmitName(typed);
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
        aria-describedby={hintId}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <button className="button button-primary" type="submit">
        Continuar
      </button>
    </form>
  );
}
