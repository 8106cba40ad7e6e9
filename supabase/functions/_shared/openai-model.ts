/**
 * What both functions that ask an OpenAI model share (the comment, and the
 * host's reading of the bar's bill from a photo): the default model and
 * address, and how to ask each model family for a budget of tokens. The
 * families differ: GPT-5 and the o-series refuse `max_tokens` (they take
 * `max_completion_tokens`) and spend that budget on reasoning before the first
 * word unless told to keep reasoning down, each family with its own word for
 * it. Chosen from the model's name alone, as nothing else is known before asking.
 */

/**
 * A small, fast GPT-5 model OpenAI serves (the seed's gpt-4-1106-preview was shut
 * down): with minimal reasoning its first word comes well within the 10 s
 * deadline, and it reads images (a photo of the bar's bill).
 */
export const DEFAULT_MODEL = 'gpt-5-mini';
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/**
 * The o-series cannot stop reasoning ('low' is their least): room for it on top
 * of the answer's budget, so an answer is still left when the thinking is done.
 */
export const O_SERIES_REASONING_ROOM = 1_024;

export type TokenParameters =
  { readonly max_tokens: number } | { readonly max_completion_tokens: number; readonly reasoning_effort?: 'none' | 'minimal' | 'low' };

type Family = 'gpt-5' | 'gpt-5.x' | 'gpt-5 chat' | 'o-series' | 'other';

/** How to ask `model` for an answer of at most `budget` tokens, with the least reasoning it takes. */
export function tokenParameters(model: string, budget: number): TokenParameters {
  switch (familyOf(model)) {
    case 'gpt-5': // gpt-5, -mini, -nano: 'minimal' is their least, and they take no 'none'
      return { max_completion_tokens: budget, reasoning_effort: 'minimal' };
    case 'gpt-5.x': // gpt-5.1 and later: 'none' turns reasoning off, and they take no 'minimal'
      return { max_completion_tokens: budget, reasoning_effort: 'none' };
    case 'gpt-5 chat': // the ChatGPT snapshots take no effort at all
      return { max_completion_tokens: budget };
    case 'o-series':
      return { max_completion_tokens: budget + O_SERIES_REASONING_ROOM, reasoning_effort: 'low' };
    case 'other':
      // OpenAI's older chat models still take max_tokens, and it is the one limit every
      // OpenAI-compatible server knows (some know no max_completion_tokens); an effort
      // they do not know could be refused, so none is sent.
      return { max_tokens: budget };
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
