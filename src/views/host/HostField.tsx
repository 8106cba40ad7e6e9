import { useId, type ComponentProps } from 'react';

interface HostFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'className'> {
  /** Said above the field, and its accessible name. */
  readonly label: string;
}

/** A field of the host's forms: its label above it, the app's text field look, and no past entries offered. */
export function HostField({ label, ...input }: HostFieldProps) {
  const id = useId();
  return (
    <>
      <label className="host-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="text-input" autoComplete="off" {...input} />
    </>
  );
}
