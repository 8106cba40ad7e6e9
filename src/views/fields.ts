/** What the app's text fields share, said once. */

/**
 * For a field whose text must stay as typed, a product searched for or a
 * host's key: the phone's keyboard corrects, capitalises and underlines nothing.
 */
export const TYPED_AS_IS = { autoCorrect: 'off', autoCapitalize: 'off', spellCheck: false } as const;

/** A field that filters as it is typed: the keyboard's key says search, and the browser offers no past entries. */
export const SEARCH_FIELD = { type: 'search', autoComplete: 'off', enterKeyHint: 'search' } as const;
