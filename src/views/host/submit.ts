import type { SyntheticEvent } from 'react';

/** What the phone's own check of a form says: its values, or the problem to show at once. */
export type FormCheck<Values> = ({ readonly ok: true } & Values) | { readonly ok: false; readonly problem: string };

/** A form sent: nothing while one is on its way; what the phone's own check refuses is said at once, nothing sent; else `send`. */
export function submitChecked<Values>(
  event: SyntheticEvent<HTMLFormElement>,
  busy: boolean,
  checked: FormCheck<Values>,
  refuse: (problem: string) => void,
  send: (values: Values) => void,
): void {
  event.preventDefault();
  if (busy) return;
  if (checked.ok) send(checked);
  else refuse(checked.problem);
}
