import { useId, type ReactNode } from 'react';

interface LinesFieldProps {
  readonly label: string;
  readonly name: string;
  readonly rows: number;
  readonly placeholder: string;
  readonly text: string;
  readonly onText: (text: string) => void;
  /** How to write the lines, said above the box and read with it. */
  readonly children: ReactNode;
}

/** Lines pasted or typed, one a row (a list to import, a bar's bill): how to write them, its label, then the box. */
export function LinesField({ label, name, rows, placeholder, text, onText, children }: LinesFieldProps) {
  const ids = { box: useId(), hint: useId() };
  return (
    <>
      <p className="note" id={ids.hint}>
        {children}
      </p>
      <label className="host-label" htmlFor={ids.box}>
        {label}
      </label>
      <textarea
        id={ids.box}
        className="text-input host-import-text"
        name={name}
        rows={rows}
        spellCheck={false}
        aria-describedby={ids.hint}
        placeholder={placeholder}
        value={text}
        onChange={(event) => onText(event.target.value)}
      />
    </>
  );
}
