/**
 * The `comment` Edge Function as a web-standard handler: POST an order, get a
 * short cheeky comment streamed back as plain text. Pure of Deno globals, so it
 * runs the same under Deno, Supabase and Node.
 */
import { readBody } from '../_shared/body.ts';
import { clientAddress } from '../_shared/client-address.ts';
import { parseCommentBody, type CommentOrder } from '../_shared/comment-request.ts';
import { refuseRequest, withLastResort, type Handler, type RequestInfo } from '../_shared/gate.ts';
import { createModelSource, type ModelSource } from './model-source.ts';
import { projectDatabase } from '../_shared/project.ts';
import { jsonError, textStream } from '../_shared/responses.ts';
import { COMMENT_LIMITS } from '../_shared/rules.ts';
import { startTextStream, type StreamDeadlines } from './text-stream.ts';
import { memoryAllowances, sharedAllowances, type CommentAllowances, type OrderWait } from './allowances.ts';
import { CLIENT_GONE, isClientGone, modelFailureLog, redact } from './failures.ts';
import { buildCommentMessages } from './prompt.ts';
import { quipSource } from './quip-source.ts';
import { DEFAULT_ADDRESS_RATE_LIMIT, DEFAULT_RATE_LIMIT, type RateLimitRule } from './rate-limiter.ts';
import { readSettings, type CommentEnv, type CommentSettings } from './settings.ts';

export interface CommentHandlerOptions {
  readonly env: CommentEnv;
  /** PostgREST's own URL (tests); `${SUPABASE_URL}/rest/v1` otherwise. */
  readonly restUrl?: string;
  /** The in-memory rate limiter's clock (ms), when the function runs without a database. */
  readonly now?: () => number;
  readonly rateLimit?: RateLimitRule;
  readonly addressRateLimit?: RateLimitRule;
  /** How long an order not on the server yet is waited for (8 s). */
  readonly orderWait?: OrderWait;
  /** Give up without a first token after this long (10 s). */
  readonly firstTokenTimeoutMs?: number;
  /** Give up on the whole comment after this long (30 s). */
  readonly totalTimeoutMs?: number;
  /** Pause between the pieces of a local quip (40 ms). */
  readonly quipPauseMs?: number;
  readonly log?: (line: string) => void;
  /** The clock (ms) that keeps the model's failures to one log line a minute. */
  readonly logClock?: () => number;
}

export type { RequestInfo } from '../_shared/gate.ts';
export type CommentHandler = Handler;

export const COMMENT_ERRORS = {
  tooMany: 'Demasiados comentarios seguidos; espera un poco.',
  unknownOrder: 'El bar no tiene ese pedido: el comentario llega cuando el pedido llegue.',
} as const;

interface Context {
  readonly settings: CommentSettings;
  readonly allowances: CommentAllowances;
  readonly deadlines: StreamDeadlines;
  readonly model: ModelSource | null;
  /** Says in the log, at most once a minute, why the model gave no comment. */
  readonly modelFailed: (error: unknown) => void;
  readonly quipPauseMs: number;
  readonly log: (line: string) => void;
}

export function createCommentHandler(options: CommentHandlerOptions): CommentHandler {
  const settings = readSettings(options.env, options.restUrl);
  const log = (line: string) => (options.log ?? console.warn)(redact(`comment: ${line}`, settings.apiKey));
  const rules = { guest: options.rateLimit ?? DEFAULT_RATE_LIMIT, address: options.addressRateLimit ?? DEFAULT_ADDRESS_RATE_LIMIT };
  const inMemory = memoryAllowances(rules, options.now);
  const database = projectDatabase(settings);
  const deadlines = { firstPieceMs: options.firstTokenTimeoutMs ?? 10_000, totalMs: options.totalTimeoutMs ?? 30_000 };
  const context: Context = {
    settings,
    allowances: database ? sharedAllowances(database, rules, inMemory, log, options.orderWait) : inMemory,
    deadlines,
    model: settings.apiKey
      ? createModelSource({ apiKey: settings.apiKey, baseURL: settings.baseURL, model: settings.model, timeoutMs: deadlines.totalMs })
      : null,
    modelFailed: modelFailureLog(settings.model, log, options.logClock ?? Date.now),
    quipPauseMs: options.quipPauseMs ?? 40,
    log,
  };
  return withLastResort(settings.allowedOrigins, log, (request, info, cors) => answer(context, request, info, cors));
}

async function answer(context: Context, request: Request, info: RequestInfo | undefined, cors: Record<string, string>) {
  const refusal = refuseRequest('comment', request, context.settings.allowedOrigins, cors);
  if (refusal) return refusal;
  const read = await readBody(request, COMMENT_LIMITS.bodyBytes, parseCommentBody);
  if (!read.ok) return jsonError(read.answer, cors);
  const order = read.value;
  const decision = await context.allowances.take(order, clientAddress(request, info?.remoteAddr), request.signal);
  if (decision.kind === 'unknown-order') return jsonError({ status: 404, error: COMMENT_ERRORS.unknownOrder }, cors);
  if (decision.kind === 'wait') {
    return jsonError({ status: 429, error: COMMENT_ERRORS.tooMany, retryAfterSeconds: decision.retryAfterSeconds }, cors);
  }
  return streamComment(context, order, request.signal, cors);
}

/**
 * The model's comment, or a local quip streamed the same way when the model
 * fails before its first word (any status, no answer, nothing said in time):
 * the guest always gets a comment, unless they left.
 */
async function streamComment(context: Context, order: CommentOrder, signal: AbortSignal, cors: Record<string, string>) {
  if (context.model) {
    const fromModel = await startTextStream(context.model(buildCommentMessages(order)), context.deadlines, signal);
    if (fromModel.ok) return textStream(fromModel.body, cors);
    if (isClientGone(fromModel.error)) return jsonError(CLIENT_GONE, cors);
    context.modelFailed(fromModel.error);
  }
  const quip = await startTextStream(quipSource(order, context.quipPauseMs), context.deadlines, signal);
  if (quip.ok) return textStream(quip.body, cors);
  if (isClientGone(quip.error)) return jsonError(CLIENT_GONE, cors);
  throw quip.error; // a quip has no reason to fail: the last resort logs it and answers 500
}
