/**
 * How to ask a model for a comment of at most MAX_COMMENT_TOKENS tokens. The
 * families differ: GPT-5 and the o-series refuse `max_tokens` (they take
 * `max_completion_tokens`) and spend that budget on reasoning before the first
 * word unless told to keep reasoning down, each family with its own word for it.
 * Chosen from the model's name alone, as nothing else is known before asking.
 */

/** The comment's own budget: what the guest reads, never eaten by reasoning. */
export const MAX_COMMENT_TOKENS = 150;

/**
 * The o-series cannot stop reasoning ('low' is their least): room for it on top
 * of the comment's budget, so a comment is still left when the thinking is done.
 * A model that thinks past it answers nothing, and the guest gets a local quip.
 */
export const O_SERIES_REASONING_ROOM = 1_024;

export type CommentTokenParameters =
  { readonly max_tokens: number } | { readonly max_completion_tokens: number; readonly reasoning_effort?: 'none' | 'minimal' | 'low' };

type Family = 'gpt-5' | 'gpt-5.x' | 'gpt-5 chat' | 'o-series' | 'other';

export function commentTokenParameters(model: string): CommentTokenParameters {
  switch (familyOf(model)) {
    case 'gpt-5': // gpt-5, -mini, -nano: 'minimal' is their least, and they take no 'none'
      return { max_completion_tokens: MAX_COMMENT_TOKENS, reasoning_effort: 'minimal' };
    case 'gpt-5.x': // gpt-5.1 and later: 'none' turns reasoning off, and they take no 'minimal'
      return { max_completion_tokens: MAX_COMMENT_TOKENS, reasoning_effort: 'none' };
    case 'gpt-5 chat': // the ChatGPT snapshots take no effort at all
      return { max_completion_tokens: MAX_COMMENT_TOKENS };
    case 'o-series':
      return { max_completion_tokens: MAX_COMMENT_TOKENS + O_SERIES_REASONING_ROOM, reasoning_effort: 'low' };
    case 'other':
      // OpenAI's older chat models still take max_tokens, and it is the one limit every
      // OpenAI-compatible server knows (some know no max_completion_tokens); an effort
      // they do not know could be refused, so none is sent.
      return { max_tokens: MAX_COMMENT_TOKENS };
  }
}

/** The family by name; a router's prefix (`openai/gpt-5-mini`) and the case do not count. */
function familyOf(model: string): Family {
  const name = model.slice(model.lastIndexOf('/') + 1).toLowerCase();
  if (/^o\d/.test(name)) return 'o-series';
  const gpt = /^gpt-(\d+)(?:\.(\d+))?(.*)$/.exec(name);
  if (!gpt) return 'other';
  const [, major = '0', minor = '0', rest = ''] = gpt;
  if (Number(major) < 5) return 'other';
  if (/(^|-)chat(-|$)/.test(rest)) return 'gpt-5 chat';
  return Number(major) === 5 && Number(minor) === 0 ? 'gpt-5' : 'gpt-5.x';
}
