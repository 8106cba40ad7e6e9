import { useId, useState, type SyntheticEvent } from 'react';
import { TYPED_AS_IS } from '../fields.ts';

interface HostSignInProps {
  readonly busy: boolean;
  readonly error: string | null;
  readonly onSignIn: (key: string) => void;
}

/** The host key, asked once: it stays on this phone until 'Salir'. */
export function HostSignIn({ busy, error, onSignIn }: HostSignInProps) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const hintId = useId();

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    onSignIn(typed);
  }

  return (
    <form className="card host-sign-in" onSubmit={submit} noValidate>
      <h2 className="card-title">Entrar para organizar</h2>
      <p className="hint" id={hintId}>
        Es la clave que La Cuenta le dio a esta fiesta al crearla, o la clave general de esta instalación. Queda guardada en este teléfono hasta que toques
        «Salir».
      </p>
      <label className="host-label" htmlFor={inputId}>
        Clave para organizar
      </label>
      <input
        id={inputId}
        className="text-input"
        type="password"
        name="host_key"
        autoComplete="current-password"
        {...TYPED_AS_IS}
        enterKeyHint="go"
        placeholder="Clave para organizar"
        aria-describedby={hintId}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <button className="button button-primary" type="submit" disabled={busy}>
        Entrar
      </button>
      <div aria-live="assertive">{error && <p className="host-error">{error}</p>}</div>
    </form>
  );
}
