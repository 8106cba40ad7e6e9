import { useId } from 'react';
import { SEARCH_FIELD } from '../fields.ts';

interface HostSearchProps {
  /** What is searched, said above the field: 'Buscar invitado', 'Buscar en la carta'. */
  readonly label: string;
  readonly name: string;
  readonly placeholder: string;
  /** Names of people are capitalised as typed; products are not. */
  readonly capitalize?: 'words';
  readonly typed: string;
  readonly onType: (typed: string) => void;
}

/** The host's search fields, the guests' and the list's: one labelled field that filters as it is typed. */
export function HostSearch({ label, name, placeholder, capitalize, typed, onType }: HostSearchProps) {
  const inputId = useId();
  return (
    <div className="host-search">
      <label className="host-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="text-input"
        {...SEARCH_FIELD}
        name={name}
        autoCapitalize={capitalize}
        spellCheck={false}
        placeholder={placeholder}
        value={typed}
        onChange={(event) => onType(event.target.value)}
      />
    </div>
  );
}
