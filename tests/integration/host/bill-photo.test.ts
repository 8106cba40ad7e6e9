/**
 * A photo of the bar's bill read by the `host` function's vision model (issue
 * 41), in the real Deno function, against the project's OpenAI stand-in
 * (scripts/lib/openai-server.ts, which answers a non-streamed request with a
 * JSON schema as OpenAI documents Structured Outputs and checks the schema is
 * strict): the photo goes with the host's key as an image part, the answer is
 * the typed lines in integer pesos, every field required; a refusal, a model
 * down or an answer off the schema is a 502 the page reads past (the phone
 * reads the photo); no key says so (404); a photo over the limit is refused;
 * nothing of the photo is logged or kept.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdgeFunction, type RunningEdgeFunction } from '../../../scripts/lib/edge-function.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../../scripts/lib/openai-server.ts';
import { PHOTO_ERRORS } from '../../../supabase/functions/_shared/host-errors.ts';
import { MAX_PHOTO_BYTES } from '../../../supabase/functions/_shared/receipt-model.ts';
import { HOST_ALLOWED_ENV } from '../../../supabase/functions/host/settings.ts';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy.ts';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import { modelReadingOf, photoOf, trueBill } from '../../support/receipts.ts';
import { HOST_KEY } from './support.ts';

const NO_DOWNLOADS = { NPM_CONFIG_REGISTRY: 'http://127.0.0.1:9/', HTTPS_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1' };
const PHOTO = `data:image/jpeg;base64,${readFileSync(photoOf(trueBill('bill-14'))).toString('base64')}`;
/** What the stand-in "reads" in the photo: the bill's true lines and figures. */
const READING = modelReadingOf(trueBill('bill-14'));

let stack: TestStack;
let gateway: FaultProxy;
let model: FakeOpenAI;
let host: RunningEdgeFunction;
let hostWithoutKey: RunningEdgeFunction;
let denoDir: string;
const logs: string[] = [];

function startHost(env: Record<string, string>): Promise<RunningEdgeFunction> {
  return startEdgeFunction({
    name: 'host',
    port: 0,
    denoDir,
    env: { ...NO_DOWNLOADS, SUPABASE_URL: gateway.url, SUPABASE_SERVICE_ROLE_KEY: stack.stack.serviceRoleKey, HOST_KEY, ...env },
    allowNet: [new URL(gateway.url).host, new URL(model.baseURL).host],
    allowEnv: [...HOST_ALLOWED_ENV],
    onOutput: (line) => logs.push(line),
  });
}

beforeAll(async () => {
  stack = await startTestStack();
  gateway = await startFaultProxy(stack.stack.restUrl);
  model = await startFakeOpenAI({ reading: READING });
  denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-photo-'));
  [host, hostWithoutKey] = await Promise.all([startHost({ OPENAI_API_KEY: 'sk-stand-in-photo', OPENAI_BASE_URL: model.baseURL }), startHost({})]);
}, 120_000);

afterAll(async () => {
  await Promise.all([host.stop(), hostWithoutKey.stop()]);
  await gateway.close();
  await model.close();
  await stack.stop();
  rmSync(denoDir, { recursive: true, force: true });
});

const read = (to: RunningEdgeFunction, body: Record<string, unknown>) =>
  fetch(`${to.url}/host`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key: HOST_KEY, ...body }) });

interface SchemaNode {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
  readonly items?: SchemaNode;
}

describe('a photo of the bar’s bill, read by the model (OpenAI’s stand-in)', () => {
  it('goes as an image with a strict schema of typed lines in integer pesos, and comes back as those lines', async () => {
    const asked = model.nextRequest();
    const response = await read(host, { action: 'read_bill_photo', image: PHOTO });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(READING);
    const { body, headers } = await asked;
    expect(headers.authorization).toBe('Bearer sk-stand-in-photo');
    expect(body).toMatchObject({ model: 'gpt-5-mini', max_completion_tokens: 8000, reasoning_effort: 'minimal' });
    expect(body.stream).toBeUndefined();
    const messages = body.messages as { role: string; content: unknown }[];
    expect(messages.at(-1)?.content).toEqual(expect.arrayContaining([{ type: 'image_url', image_url: { url: PHOTO, detail: 'high' } }]));
    const format = body.response_format as { type: string; json_schema: { name: string; strict: boolean; schema: SchemaNode } };
    expect(format).toMatchObject({ type: 'json_schema', json_schema: { name: 'cuenta_del_bar', strict: true } });
    const line = format.json_schema.schema.properties?.lines?.items;
    expect(line?.required).toEqual(['kind', 'name', 'quantity', 'unit_price', 'line_total']);
    expect(line?.additionalProperties).toBe(false);
    expect([line?.properties?.quantity?.type, line?.properties?.unit_price?.type, line?.properties?.line_total?.type]).toEqual([
      'integer',
      'integer',
      'integer',
    ]);
  });

  it('answers 502 to a refusal, a model down and an answer off the schema: the phone reads the photo then', async () => {
    model.queue({ refusal: 'No puedo ayudar con eso.' });
    const refused = await read(host, { action: 'read_bill_photo', image: PHOTO });
    expect(refused.status).toBe(502);
    expect(await refused.json()).toEqual({ error: PHOTO_ERRORS.unread });
    model.queue({ status: 500 });
    expect((await read(host, { action: 'read_bill_photo', image: PHOTO })).status).toBe(502);
    model.queue({ reading: { lines: [{ kind: 'product', name: 'PISCO SOUR', quantity: 2, unit_price: 5990.5, line_total: 11981 }] } });
    expect((await read(host, { action: 'read_bill_photo', image: PHOTO })).status).toBe(502);
  });

  it('says the installation reads no photo without a key: 404, and the page reads it on the phone', async () => {
    const before = model.requests.length;
    const response = await read(hostWithoutKey, { action: 'read_bill_photo', image: PHOTO });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: PHOTO_ERRORS.noModel });
    expect(model.requests.length).toBe(before);
  });

  it('refuses what is not a photo, a photo over its limit, and any other request over 128 KB', async () => {
    expect((await read(host, { action: 'read_bill_photo', image: 'data:text/plain;base64,aGVsbG8=' })).status).toBe(400);
    // Over the photo's limit: refused by the schema; over the body's, refused before it is read whole.
    expect((await read(host, { action: 'read_bill_photo', image: `data:image/jpeg;base64,${'A'.repeat(MAX_PHOTO_BYTES)}` })).status).toBe(400);
    expect((await read(host, { action: 'read_bill_photo', image: `data:image/jpeg;base64,${'A'.repeat(MAX_PHOTO_BYTES + 8 * 1024)}` })).status).toBe(413);
    const bigImport = await read(host, { action: 'import_menu', lines: [], padding: 'x'.repeat(200 * 1024) });
    expect(bigImport.status).toBe(413);
    expect(await bigImport.json()).toEqual({ error: 'El pedido es demasiado grande (máximo 128 KB).' });
  });

  it('keeps nothing of the photo: not in the log, not in the database', async () => {
    const log = logs.join('\n');
    expect(log).toContain('read_bill_photo: the model refused');
    expect(log).not.toContain(PHOTO.slice(30, 90));
    expect(log).not.toContain('sk-stand-in-photo');
    const rows = await stack.query<{ found: boolean }>(
      "select exists (select from pg_stat_user_tables where n_tup_ins > 0 and relname in ('bar_bills', 'bar_bill_lines')) as found",
    );
    expect(rows[0]?.found).toBe(false);
  });
});
