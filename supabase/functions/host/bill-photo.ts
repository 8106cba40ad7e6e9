/**
 * A photo of the bar's bill read by a vision model (issue 41), with the
 * host's key and the deployment's OPENAI_API_KEY: the same typed lines as the
 * phone's own reading (receipt-request.ts's schema, through Structured
 * Outputs: every field required, pesos as integers), checked again here.
 * Nothing is kept: the photo lives in this request only, and neither it nor
 * the model's answer is logged or stored. Without a key the function says so
 * and the phone reads the photo itself.
 */
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { PHOTO_ERRORS } from '../_shared/host-errors.ts';
import { tokenParameters } from '../_shared/openai-model.ts';
import { modelReadingSchema } from '../_shared/receipt-request.ts';
import type { ErrorAnswer } from '../_shared/responses.ts';
import type { HostSettings } from './settings.ts';

/** A bill of a hundred lines, in JSON: room enough, and the model's reasoning kept down. */
const ANSWER_TOKENS = 8_000;
/** Within the page's 30 s for this request: the model's own time on one photo. */
const MODEL_TIMEOUT_MS = 25_000;

const PROMPT = [
  'Lees la foto de la cuenta (boleta) de un bar de Santiago de Chile.',
  'Devuelve cada línea que tiene un monto, en el orden impreso, con su tipo.',
  'Los montos son pesos chilenos enteros: el punto separa los miles (11.980 es 11980); el signo $ puede estar o no.',
  "La propina (o 'propina sugerida', 'servicio'), el subtotal, el total, los descuentos y el IVA o neto son cifras de la boleta, nunca productos.",
  'Para un producto: su nombre tal como está impreso, las unidades, el precio de una unidad y el total de la línea.',
  'No inventes líneas que no están en la foto.',
].join(' ');

export type PhotoAnswer = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly answer: ErrorAnswer; readonly log?: string };

export async function readBillPhoto(model: HostSettings['model'], image: string): Promise<PhotoAnswer> {
  if (!model) return { ok: false, answer: { status: 404, error: PHOTO_ERRORS.noModel } };
  const client = new OpenAI({ apiKey: model.apiKey, baseURL: model.baseURL, maxRetries: 0, timeout: MODEL_TIMEOUT_MS, logLevel: 'off' });
  try {
    const completion = await client.chat.completions.parse({
      model: model.name,
      messages: [
        { role: 'system', content: PROMPT },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Esta es la cuenta del bar.' },
            { type: 'image_url', image_url: { url: image, detail: 'high' } },
          ],
        },
      ],
      response_format: zodResponseFormat(modelReadingSchema, 'cuenta_del_bar'),
      ...tokenParameters(model.name, ANSWER_TOKENS),
    });
    const message = completion.choices[0]?.message;
    const parsed = message?.parsed ? modelReadingSchema.safeParse(message.parsed) : null;
    if (!parsed?.success) {
      const why = message?.refusal ? 'refused' : `answered no reading (finish_reason ${completion.choices[0]?.finish_reason ?? 'none'})`;
      return { ok: false, answer: { status: 502, error: PHOTO_ERRORS.unread }, log: `read_bill_photo: the model ${why}` };
    }
    return { ok: true, text: JSON.stringify({ lines: parsed.data.lines }) };
  } catch (error) {
    // The SDK's error says what OpenAI said (status, type); never the photo.
    const what = error instanceof OpenAI.APIError ? `${error.status ?? 'no status'} ${error.name}` : error instanceof Error ? error.name : 'unknown error';
    return { ok: false, answer: { status: 502, error: PHOTO_ERRORS.unread }, log: `read_bill_photo: the model failed: ${what}` };
  }
}
