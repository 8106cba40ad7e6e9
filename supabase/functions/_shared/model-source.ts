/** The model's comment: an OpenAI-compatible streaming chat completion, as text pieces. */
import OpenAI from 'openai';
import type { ChatMessage } from './prompt.ts';
import type { TextSource } from './text-stream.ts';

export const DEFAULT_MODEL = 'gpt-4-1106-preview';
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const MAX_COMMENT_TOKENS = 150;

export interface ModelSettings {
  readonly apiKey: string;
  readonly baseURL: string;
  readonly model: string;
  readonly timeoutMs: number;
  readonly log: (line: string) => void;
}

export type ModelSource = (messages: readonly ChatMessage[]) => TextSource;

export function createModelSource(settings: ModelSettings): ModelSource {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL,
    maxRetries: 0,
    timeout: settings.timeoutMs,
    logLevel: 'warn',
    logger: quietLogger(settings.log),
  });
  return (messages) =>
    async function* streamComment(signal) {
      const stream = await client.chat.completions.create(
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- the spec fixes max_tokens, which every compatible server knows.
        { model: settings.model, messages: [...messages], max_tokens: MAX_COMMENT_TOKENS, stream: true },
        { signal },
      );
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta.content;
        if (text) yield text;
      }
    };
}

/** The SDK's own warnings go to our log line by line, never with their arguments (which may hold headers). */
function quietLogger(log: (line: string) => void) {
  const write = (message: string) => log(`openai sdk: ${message}`);
  return { error: write, warn: write, info: () => undefined, debug: () => undefined };
}
