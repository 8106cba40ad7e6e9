import { describe, expect, it } from 'vitest';
import { operatorConsole } from '../../../scripts/lib/operator-console.ts';
import { modelFailureLog } from '../../../supabase/functions/comment/failures.ts';
import { DeadlineError } from '../../../supabase/functions/comment/text-stream.ts';

function printed(verbose: boolean, act: (console: ReturnType<typeof operatorConsole>) => void): string[] {
  const lines: string[] = [];
  const output = operatorConsole(verbose, (line) => lines.push(line));
  act(output);
  output.close();
  return lines;
}

describe('what npm start prints', () => {
  it('shows the operator’s lines, and of the processes’ only their errors, each flood once', () => {
    const lines = printed(false, (output) => {
      output.say('PostgREST terminó (código 1); reiniciando en 0,5 s…');
      output.log('[postgrest] Listening on port 3000');
      output.log('[postgres] ERROR:  new row violates row-level security policy for table "orders"');
      for (let second = 0; second < 50; second += 1) output.log(`[postgrest] 23/Nov/2026:05:36:${second}: Database connection error`);
    });
    expect(lines).toEqual([
      'PostgREST terminó (código 1); reiniciando en 0,5 s…',
      '[postgrest] 23/Nov/2026:05:36:0: Database connection error',
      '[postgrest] 23/Nov/2026:05:36:49: Database connection error (repetido 49 veces en 0 s)',
    ]);
  });

  it('shows every line of every process when verbose, floods still counted', () => {
    const lines = printed(true, (output) => {
      output.log('[postgrest] Listening on port 3000');
      output.log('[postgres] LOG:  database system is ready to accept connections');
      output.log('[postgrest] Listening on port 3001');
    });
    expect(lines).toEqual([
      '[postgrest] Listening on port 3000',
      '[postgres] LOG:  database system is ready to accept connections',
      '[postgrest] Listening on port 3001 (repetido 1 vez en 0 s)',
    ]);
  });

  it('shows why the model gave no comment, as the comment function logs it, without verbose', () => {
    const lines = printed(false, (output) => {
      const modelFailed = modelFailureLog(
        'gpt-5-mini',
        (line) => output.log(`[comment] comment: ${line}`),
        () => 0,
      );
      modelFailed(new DeadlineError('no first token within 10000 ms'));
    });
    expect(lines).toEqual(['[comment] comment: error from model gpt-5-mini (no first token within 10000 ms); answering with local quips']);
  });
});
