/**
 * When the model gives no comment: the guest gets a local quip all the same,
 * and the operator's log says why, in one line at most once a minute.
 */
import { APIConnectionError, APIError } from 'openai';
import { throttleLines } from './log-throttle.ts';
import type { ErrorAnswer } from '../_shared/responses.ts';
import { ClientGoneError, DeadlineError, EmptyAnswerError } from './text-stream.ts';

/** Every failure of the model looks alike to the guest, so one line a minute tells the operator enough. */
export const MODEL_FAILURE_LOG_INTERVAL_MS = 60_000;

/** The only comment nobody gets: the guest's app went away first. */
export const CLIENT_GONE: ErrorAnswer = { status: 499, error: 'La app cerró la conexión.' };

export function isClientGone(error: unknown): boolean {
  return error instanceof ClientGoneError;
}

/** Why the model gave no comment, in a few words: the status and OpenAI's code, never the message (it may quote the key). */
export function modelFailureReason(error: unknown): string {
  if (error instanceof DeadlineError || error instanceof EmptyAnswerError) return error.message;
  if (error instanceof APIConnectionError) return `could not reach it: ${error.message}`;
  if (error instanceof APIError && typeof error.status === 'number') {
    return typeof error.code === 'string' ? `status ${error.status} ${error.code}` : `status ${error.status}`;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Logs a failure of `model`, at most once per interval; `log` must remove the key (see `redact`). */
export function modelFailureLog(model: string, log: (line: string) => void, now: () => number): (error: unknown) => void {
  const throttle = throttleLines(MODEL_FAILURE_LOG_INTERVAL_MS, now);
  return (error) => {
    // "error" in the line: `npm start` shows a function's error lines unless verbose.
    const reason = modelFailureReason(error).replace(/\s+/g, ' '); // one line, whatever the error's message holds
    const line = throttle(`error from model ${model} (${reason}); answering with local quips`);
    if (line !== null) log(line);
  };
}

/** Removes a secret from text meant for a log or an answer. */
export function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('[redacted]') : text;
}
