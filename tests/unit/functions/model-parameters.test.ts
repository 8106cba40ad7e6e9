import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '../../../supabase/functions/comment/model-source.ts';
import { commentTokenParameters, MAX_COMMENT_TOKENS, O_SERIES_REASONING_ROOM } from '../../../supabase/functions/comment/model-parameters.ts';

describe('what a comment asks of each model', () => {
  it('asks GPT-5, -mini and -nano for max_completion_tokens with minimal reasoning, the effort they take', () => {
    for (const model of ['gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'gpt-5-mini-2025-08-07', 'GPT-5-Mini', 'openai/gpt-5-mini']) {
      expect(commentTokenParameters(model), model).toEqual({ max_completion_tokens: MAX_COMMENT_TOKENS, reasoning_effort: 'minimal' });
    }
  });

  it('asks later GPT-5.x models for no reasoning at all: they take none, not minimal', () => {
    for (const model of ['gpt-5.1', 'gpt-5.2', 'gpt-5.1-mini', 'gpt-5.2-2025-12-11', 'gpt-6']) {
      expect(commentTokenParameters(model), model).toEqual({ max_completion_tokens: MAX_COMMENT_TOKENS, reasoning_effort: 'none' });
    }
  });

  it('asks the chat variants, which take no effort, for max_completion_tokens alone', () => {
    for (const model of ['gpt-5-chat-latest', 'gpt-5.1-chat-latest']) {
      expect(commentTokenParameters(model), model).toEqual({ max_completion_tokens: MAX_COMMENT_TOKENS });
    }
  });

  it('gives the o-series, which always reason, room for low effort on top of the comment’s 150 tokens', () => {
    for (const model of ['o1', 'o3', 'o3-mini', 'o4-mini', 'o4-mini-2025-04-16']) {
      expect(commentTokenParameters(model), model).toEqual({
        max_completion_tokens: MAX_COMMENT_TOKENS + O_SERIES_REASONING_ROOM,
        reasoning_effort: 'low',
      });
    }
  });

  it('asks every other model, OpenAI’s older ones and compatible servers’, for max_tokens and nothing more', () => {
    for (const model of ['gpt-4.1', 'gpt-4o-mini', 'gpt-4-1106-preview', 'gpt-3.5-turbo', 'llama3.1:8b', 'mistral-small', 'gpt-oss-20b', 'omni-moderation']) {
      expect(commentTokenParameters(model), model).toEqual({ max_tokens: MAX_COMMENT_TOKENS });
    }
  });

  it('keeps the budget of the comment itself at 150 tokens', () => {
    expect(MAX_COMMENT_TOKENS).toBe(150);
  });

  it('defaults to a GPT-5 model OpenAI serves, not the retired gpt-4-1106-preview', () => {
    expect(DEFAULT_MODEL).not.toBe('gpt-4-1106-preview');
    expect(commentTokenParameters(DEFAULT_MODEL)).toEqual({ max_completion_tokens: MAX_COMMENT_TOKENS, reasoning_effort: 'minimal' });
  });
});
