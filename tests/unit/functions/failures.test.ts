import { APIError, NotFoundError } from 'openai';
import { describe, expect, it } from 'vitest';
import { modelFailureLog, modelFailureReason, redact } from '../../../supabase/functions/comment/failures.ts';
import { DeadlineError } from '../../../supabase/functions/comment/text-stream.ts';

const KEY = 'sk-unit-never-logged';

describe('why the model gave no comment', () => {
  it('gives the status and OpenAI’s code, never OpenAI’s message', () => {
    const retired = new NotFoundError(404, { code: 'model_not_found', message: `The model is gone, ${KEY}` }, undefined, new Headers());
    expect(modelFailureReason(retired)).toBe('status 404 model_not_found');
    expect(modelFailureReason(new APIError(503, { message: KEY }, undefined, new Headers()))).toBe('status 503');
  });

  it('writes one line, whatever the error holds, and the log it goes to removes the key', () => {
    const lines: string[] = [];
    const modelFailed = modelFailureLog(
      'gpt-5-mini',
      (line) => lines.push(redact(line, KEY)),
      () => 0,
    );
    modelFailed(new Error(`first line\nsecond line ${KEY}`));
    expect(lines).toEqual(['error from model gpt-5-mini (Error: first line second line [redacted]); answering with local quips']);
  });

  it('logs nothing more within the minute', () => {
    const lines: string[] = [];
    const modelFailed = modelFailureLog(
      'gpt-5-mini',
      (line) => lines.push(line),
      () => 0,
    );
    modelFailed(new DeadlineError('no first token within 10000 ms'));
    modelFailed(new DeadlineError('no first token within 10000 ms'));
    expect(lines).toHaveLength(1);
  });
});
