/**
 * The OpenAI stand-in's answer to a chat completion that is not streamed and
 * asks for Structured Outputs (`response_format: { type: 'json_schema',
 * json_schema: { name, strict, schema } }`), as a vision model answers one
 * with an image in a user message (`{ type: 'image_url', image_url: { url } }`,
 * a data URL or an https address), the way OpenAI documents it: the request
 * checked as OpenAI checks it (a strict schema's objects must list every
 * property as required and allow no other; an image must be an image), then a
 * `chat.completion` whose message content is the scripted reading as JSON, or
 * a refusal (`message.refusal`, content null) as a model that will not answer.
 */
import type { OpenAIError } from './openai-models.ts';

export interface VisionScript {
  /** What the model "reads" in the image: the JSON its answer's content holds. */
  readonly reading?: unknown;
  /** The model refuses: this text in `message.refusal`, no content. */
  readonly refusal?: string;
}

const invalid = (message: string, param: string | null, code: string | null): OpenAIError => ({
  status: 400,
  error: { message, type: 'invalid_request_error', param, code },
});

type Json = Readonly<Record<string, unknown>>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every object of a strict schema lists all its properties as required and allows no other, as OpenAI holds it. */
function strictProblem(schema: unknown, name: string, path: string[] = []): string | null {
  if (!isObject(schema)) return null;
  const where = `In context=(${path.map((part) => `'${part}'`).join(', ')})`;
  if (schema.type === 'object' && isObject(schema.properties)) {
    const keys = Object.keys(schema.properties);
    const required = Array.isArray(schema.required) ? schema.required : [];
    const missing = keys.filter((key) => !required.includes(key));
    if (missing.length > 0) {
      return `Invalid schema for response_format '${name}': ${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0] ?? ''}'.`;
    }
    if (schema.additionalProperties !== false) {
      return `Invalid schema for response_format '${name}': ${where}, 'additionalProperties' is required to be supplied and to be false.`;
    }
    for (const [key, value] of Object.entries(schema.properties)) {
      const inner = strictProblem(value, name, [...path, 'properties', key]);
      if (inner) return inner;
    }
  }
  if (schema.type === 'array') return strictProblem(schema.items, name, [...path, 'items']);
  for (const key of ['anyOf', 'definitions', '$defs']) {
    const nested = schema[key];
    const parts = Array.isArray(nested) ? nested : isObject(nested) ? Object.values(nested) : [];
    for (const part of parts) {
      const inner = strictProblem(part, name, [...path, key]);
      if (inner) return inner;
    }
  }
  return null;
}

/** The images of the request's messages, each as OpenAI checks it: an image data URL or an https address. */
function imageProblem(body: Json): OpenAIError | null {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  for (const message of messages) {
    const parts = isObject(message) && Array.isArray(message.content) ? message.content : [];
    for (const part of parts) {
      if (!isObject(part) || part.type !== 'image_url') continue;
      const url = isObject(part.image_url) && typeof part.image_url.url === 'string' ? part.image_url.url : '';
      const image = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/.test(url) || /^https:\/\//.test(url);
      if (!image)
        return invalid(
          "You uploaded an unsupported image. Please make sure your image has of one the following formats: ['png', 'jpeg', 'gif', 'webp'].",
          null,
          'invalid_image_format',
        );
    }
  }
  return null;
}

/** Whether the request is one this answers: not streamed, with a JSON schema to answer in. */
export function asksForSchema(body: Json): boolean {
  return body.stream !== true && isObject(body.response_format) && body.response_format.type === 'json_schema';
}

/** The request's refusal as OpenAI words it, or null when it takes it. */
export function schemaRequestProblem(body: Json): OpenAIError | null {
  const format = isObject(body.response_format) ? body.response_format : {};
  const spec = isObject(format.json_schema) ? format.json_schema : null;
  if (!spec || typeof spec.name !== 'string' || !isObject(spec.schema)) {
    return invalid("Missing required parameter: 'response_format.json_schema'.", 'response_format.json_schema', 'missing_required_parameter');
  }
  if (spec.strict === true) {
    const problem = strictProblem(spec.schema, spec.name);
    if (problem) return invalid(problem, 'response_format', null);
  }
  return imageProblem(body);
}

/** The completion: the scripted reading as the message's JSON content, or a refusal. */
export function schemaCompletion(body: Json, script: VisionScript): Json {
  const model = typeof body.model === 'string' ? body.model : 'unknown';
  const content = script.refusal === undefined ? JSON.stringify(script.reading ?? {}) : null;
  return {
    id: 'chatcmpl-fake-vision',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: script.refusal ?? null, annotations: [] },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: {
      prompt_tokens: 1105,
      completion_tokens: content ? Math.ceil(content.length / 4) : 12,
      total_tokens: 1105 + (content ? Math.ceil(content.length / 4) : 12),
    },
  };
}
