/** What the app's text fields share, said once. */

/**
 * For a field whose text must stay as typed, a product searched for or a
 * host's key: the phone's keyboard corrects, capitalises and underlines nothing.
 */
export const TYPED_AS_IS = { autoCorrect: 'off', autoCapitalize: 'off', spellCheck: false } as const;

/** A field that filters as it is typed: the keyboard's key says search, and the browser offers no past entries. */
export const SEARCH_FIELD = { type: 'search', autoComplete: 'off', enterKeyHint: 'search' } as const;

/** A controlled field's value and its change, bound to a piece of state. */
export function typedInto(value: string, set: (typed: string) => void): { value: string; onChange: (event: { target: { value: string } }) => void } {
  return { value, onChange: (event) => set(event.target.value) };
}
