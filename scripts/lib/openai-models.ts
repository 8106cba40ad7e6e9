/**
 * How the OpenAI stand-in answers as a kind of model does, with OpenAI's own
 * error shapes and messages: a plain chat model, a model OpenAI has shut down,
 * a reasoning model (GPT-5, the o-series), or OpenAI itself choosing by the
 * requested model's name. The function under test picks its parameters from
 * the name on its own; this is an independent account of what OpenAI accepts,
 * so a wrong pairing shows up as a refusal or an empty answer.
 */

/**
 * - `plain`: takes `max_tokens` or `max_completion_tokens`, ignores `reasoning_effort`
 *   (gpt-4o, gpt-4.1, most OpenAI-compatible servers);
 * - `retired`: 404 `model_not_found`, whatever is asked (the seed's `gpt-4-1106-preview`);
 * - `reasoning`: refuses `max_tokens`, takes only its efforts, and spends
 *   `reasoningTokens` of `max_completion_tokens` unless the effort is `minimal` or `none`;
 * - `openai`: one of those by the model's name, as OpenAI answers today.
 */
export type ModelKind = 'plain' | 'retired' | 'reasoning' | 'openai';

export interface ReasoningRules {
  /** The `reasoning_effort` values it takes (gpt-5-mini's unless given: minimal, low, medium, high). */
  readonly efforts?: readonly string[];
  /** Tokens it thinks before the first piece at any effort but `minimal` or `none` (256: more than a comment's budget). */
  readonly reasoningTokens?: number;
}

export interface OpenAIError {
  readonly status: number;
  readonly error: { readonly message: string; readonly type: string; readonly param: string | null; readonly code: string | null };
}

interface ModelScript {
  readonly kind?: ModelKind;
  readonly reasoning?: ReasoningRules;
}

type Behaviour =
  | { readonly kind: 'plain' }
  | { readonly kind: 'retired' }
  | { readonly kind: 'reasoning'; readonly efforts: readonly string[]; readonly reasoningTokens: number };

const GPT5_EFFORTS = ['minimal', 'low', 'medium', 'high'];
const GPT51_EFFORTS = ['none', 'low', 'medium', 'high'];
const O_SERIES_EFFORTS = ['low', 'medium', 'high'];
const DEFAULT_REASONING_TOKENS = 256;
const NO_REASONING = new Set(['minimal', 'none']);
/** Shut down by OpenAI: the seed's model. */
export const RETIRED_MODELS: ReadonlySet<string> = new Set(['gpt-4-1106-preview']);

function behaviourOf(script: ModelScript, model: string): Behaviour {
  const reasoning = (efforts: readonly string[]): Behaviour => ({
    kind: 'reasoning',
    efforts: script.reasoning?.efforts ?? efforts,
    reasoningTokens: script.reasoning?.reasoningTokens ?? DEFAULT_REASONING_TOKENS,
  });
  const kind = script.kind ?? 'plain';
  if (kind === 'reasoning') return reasoning(GPT5_EFFORTS);
  if (kind !== 'openai') return { kind };
  if (RETIRED_MODELS.has(model)) return { kind: 'retired' };
  if (/^gpt-5\.\d/.test(model)) return reasoning(GPT51_EFFORTS);
  if (/^gpt-5(-|$)/.test(model)) return reasoning(GPT5_EFFORTS);
  if (/^o\d/.test(model)) return reasoning(O_SERIES_EFFORTS);
  return { kind: 'plain' };
}

const invalid = (status: number, message: string, param: string | null, code: string): OpenAIError => ({
  status,
  error: { message, type: 'invalid_request_error', param, code },
});

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`);
const listed = (values: readonly string[]) => (values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')}, and ${values.at(-1) ?? ''}`);

/** What the model refuses in the request, as OpenAI words it; null when it takes it. */
export function modelRefusal(script: ModelScript, body: Record<string, unknown>): OpenAIError | null {
  const model = typeof body.model === 'string' ? body.model : 'unknown';
  const behaviour = behaviourOf(script, model);
  if (behaviour.kind === 'retired') {
    const message = `The model \`${model}\` has been deprecated, learn more here: https://platform.openai.com/docs/deprecations`;
    return invalid(404, message, null, 'model_not_found');
  }
  if (behaviour.kind !== 'reasoning') return null;
  if ('max_tokens' in body) {
    const message = "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.";
    return invalid(400, message, 'max_tokens', 'unsupported_parameter');
  }
  const effort = body.reasoning_effort;
  if (typeof effort === 'string' && !behaviour.efforts.includes(effort)) {
    const message = `Unsupported value: '${effort}' is not supported with the '${model}' model. Supported values are: ${listed(quoted(behaviour.efforts))}.`;
    return invalid(400, message, 'reasoning_effort', 'unsupported_value');
  }
  if (effort !== undefined && typeof effort !== 'string') {
    return invalid(400, "Invalid type for 'reasoning_effort': expected a string.", 'reasoning_effort', 'invalid_type');
  }
  return null;
}

/** OpenAI's error for a status the script asks for (401, 429, 500, 503…); null without one. */
export function ownErrorOf(script: { readonly status?: number; readonly errorMessage?: string }, model: string): OpenAIError | null {
  if (script.status === undefined) return null;
  const known = STATUS_ERRORS[script.status] ?? { type: 'server_error', code: null, message: 'fake failure' };
  const message = script.errorMessage ?? known.message.replace('{model}', model);
  return { status: script.status, error: { message, type: known.type, param: null, code: known.code } };
}

const STATUS_ERRORS: Readonly<Record<number, { type: string; code: string | null; message: string }>> = {
  401: {
    type: 'invalid_request_error',
    code: 'invalid_api_key',
    message: 'Incorrect API key provided: sk-...f00d. You can find your API key at https://platform.openai.com/account/api-keys.',
  },
  429: {
    type: 'requests',
    code: 'rate_limit_exceeded',
    message: 'Rate limit reached for {model} on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in 120ms.',
  },
  500: { type: 'server_error', code: null, message: 'The server had an error while processing your request. Sorry about that!' },
  503: { type: 'server_error', code: null, message: 'The engine is currently overloaded, please try again later.' },
};

export interface TokenPlan {
  /** The pieces that fit the token budget (one token each). */
  readonly pieces: readonly string[];
  readonly finishReason: 'stop' | 'length';
  /** A reasoning model sends the role with empty content before it has thought. */
  readonly opensWithRole: boolean;
}

/** What fits: the budget is `max_completion_tokens` (or `max_tokens`), less what a reasoning model thinks. */
export function tokenPlan(script: ModelScript, body: Record<string, unknown>, pieces: readonly string[]): TokenPlan {
  const behaviour = behaviourOf(script, typeof body.model === 'string' ? body.model : 'unknown');
  const limit = numberOr(body.max_completion_tokens, numberOr(body.max_tokens, Number.POSITIVE_INFINITY));
  const thinks = behaviour.kind === 'reasoning' && !(typeof body.reasoning_effort === 'string' && NO_REASONING.has(body.reasoning_effort));
  const room = Math.max(0, limit - (thinks ? behaviour.reasoningTokens : 0));
  const fitting = pieces.slice(0, room);
  return { pieces: fitting, finishReason: fitting.length < pieces.length ? 'length' : 'stop', opensWithRole: behaviour.kind === 'reasoning' };
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}
