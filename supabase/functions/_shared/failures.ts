/** What the guest's app hears when the model fails before its first token, and what the log says. */
import { APIError, RateLimitError } from 'openai';
import type { ErrorAnswer } from './responses.ts';
import { ClientGoneError, DeadlineError, EmptyAnswerError } from './text-stream.ts';

const DEFAULT_RETRY_SECONDS = 10;

export interface Failure {
  readonly answer: ErrorAnswer;
  /** For the log; never holds the key (see `redact`). */
  readonly logLine: string | null;
}

export function describeFailure(error: unknown): Failure {
  if (error instanceof ClientGoneError) return { answer: { status: 499, error: 'La app cerró la conexión.' }, logLine: null };
  if (error instanceof DeadlineError) {
    return { answer: { status: 504, error: 'El modelo no respondió a tiempo.' }, logLine: `model timed out: ${error.message}` };
  }
  if (error instanceof EmptyAnswerError) {
    return { answer: { status: 502, error: 'El modelo no dijo nada.' }, logLine: 'model sent an empty answer' };
  }
  if (error instanceof RateLimitError) {
    const answer = { status: 503, error: 'El modelo está ocupado; intenta de nuevo en un rato.', retryAfterSeconds: retryAfter(error) };
    return { answer, logLine: 'model rate limited us (429)' };
  }
  const status = error instanceof APIError ? (error.status as number | undefined) : undefined;
  const reason = status === undefined ? errorName(error) : `status ${status}`;
  return { answer: { status: 502, error: 'No se pudo generar el comentario.' }, logLine: `model failed (${reason})` };
}

function errorName(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function retryAfter(error: RateLimitError): number {
  const seconds = Number(error.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_SECONDS;
}

/** Removes a secret from text meant for a log or an answer. */
export function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('[redacted]') : text;
}
