/**
 * How to ask a model for a comment of at most MAX_COMMENT_TOKENS tokens: each
 * family's parameters (_shared/openai-model.ts) for the comment's budget. A
 * model that thinks past the o-series' room answers nothing, and the guest
 * gets a local quip.
 */
import { tokenParameters, type TokenParameters } from '../_shared/openai-model.ts';

export { O_SERIES_REASONING_ROOM } from '../_shared/openai-model.ts';

/** The comment's own budget: what the guest reads, never eaten by reasoning. */
export const MAX_COMMENT_TOKENS = 150;

export type CommentTokenParameters = TokenParameters;

export function commentTokenParameters(model: string): CommentTokenParameters {
  return tokenParameters(model, MAX_COMMENT_TOKENS);
}
