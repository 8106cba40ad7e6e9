/** The model's comment: an OpenAI-compatible streaming chat completion, as text pieces. */
import OpenAI from 'openai';
import { commentTokenParameters } from './model-parameters.ts';
import { EmptyAnswerError, type TextSource } from './text-stream.ts';

export { DEFAULT_BASE_URL, DEFAULT_MODEL } from '../_shared/openai-model.ts';
export { MAX_COMMENT_TOKENS } from './model-parameters.ts';

/** What the model is told: the comment's prompt (comment/prompt.ts) is written in these. */
export interface ChatMessage {
  readonly role: 'system' | 'user';
  readonly content: string;
}

export interface ModelSettings {
  readonly apiKey: string;
  readonly baseURL: string;
  readonly model: string;
  readonly timeoutMs: number;
}

export type ModelSource = (messages: readonly ChatMessage[]) => TextSource;

export function createModelSource(settings: ModelSettings): ModelSource {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL,
    maxRetries: 0,
    timeout: settings.timeoutMs,
    // The SDK would log a failure in lines of its own, once per comment; the function
    // says why in one line a minute (comment/failures.ts), with the SDK's error in it.
    logLevel: 'off',
  });
  const limits = commentTokenParameters(settings.model);
  return (messages) =>
    async function* streamComment(signal) {
      const stream = await client.chat.completions.create({ model: settings.model, messages: [...messages], stream: true, ...limits }, { signal });
      let said = false;
      let finishReason: string | null | undefined = null;
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        finishReason = choice?.finish_reason ?? finishReason;
        const text = choice?.delta.content;
        if (!text) continue;
        said = true;
        yield text;
      }
      // 'length' here means the budget went on reasoning: worth saying in the log.
      if (!said) throw new EmptyAnswerError(`said nothing, finish_reason ${finishReason ?? 'none'}`);
    };
}
