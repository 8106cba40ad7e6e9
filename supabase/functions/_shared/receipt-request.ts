/**
 * The `read_bill_photo` action of the `host` function (issue 41), and what
 * its vision model must answer, written once as zod schemas: the function
 * parses the host's photo with the first and asks the model for the second
 * with Structured Outputs (every field required, pesos as integers), which
 * it checks again before answering. The page reads the answer as
 * receipt-model.ts's ModelReading and checks its sums with the phone's rules.
 */
import { z } from 'zod';
import { MAX_PHOTO_BYTES, RECEIPT_LINE_KINDS } from './receipt-model.ts';

/** A photo as a data URL: JPEG, PNG or WebP, base64, within the function's limit. */
const isPhoto = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_PHOTO_BYTES && /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+={0,2}$/.test(value);

export const receiptActionSchemas = [
  /** A photo of the bar's bill for the vision model: nothing of it is kept once read. */
  z.object({
    action: z.literal('read_bill_photo'),
    image: z.custom<string>(isPhoto, { error: `image debe ser una foto JPEG, PNG o WebP como data URL de a lo más ${MAX_PHOTO_BYTES / 1024} KB.` }),
  }),
] as const;

export const RECEIPT_ACTIONS = 'read_bill_photo';

const pesos = (what: string) => z.number().int().min(0).describe(what);

/** One line of the bill as the model reads it; the bill's own figures are never products. */
export const modelLineSchema = z.object({
  kind: z
    .enum(RECEIPT_LINE_KINDS)
    .describe(
      "product: algo que se consumió. tip: la propina (también 'propina sugerida', 'servicio'). subtotal, total, discount (descuento) y tax (IVA, neto): cifras de la boleta, nunca productos.",
    ),
  name: z.string().describe('El nombre tal como está impreso; para las cifras de la boleta, su rótulo.'),
  quantity: z.number().int().min(0).describe('Las unidades de un producto; 1 para las cifras de la boleta.'),
  unit_price: pesos('El precio de una unidad en pesos chilenos enteros (11.980 es 11980); para las cifras, su monto.'),
  line_total: pesos('El total de la línea en pesos chilenos enteros; para las cifras, su monto.'),
});

export const modelReadingSchema = z.object({
  lines: z.array(modelLineSchema).describe('Cada línea de la boleta con un monto, en el orden en que está impresa.'),
});

export type ModelReadingOutput = z.output<typeof modelReadingSchema>;
