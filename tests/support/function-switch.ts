/**
 * The browser tests' workers are other processes than the one that started
 * the product: this small server, on 127.0.0.1 only, lets them take one of
 * its Edge Functions down and bring it back (`POST /<name>/stop`,
 * `POST /<name>/start`), so a spec sees what Mercado Pago's retries do while
 * the payments function is gone. A function left down stays stopped: the
 * product's stop ends the rest.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FUNCTION_NAMES, type FunctionName } from '../../scripts/lib/product-functions.ts';
import type { RunningProduct } from '../../scripts/lib/product.ts';

export interface FunctionSwitch {
  readonly url: string;
  close(): Promise<void>;
}

const isFunctionName = (name: string): name is FunctionName => (FUNCTION_NAMES as readonly string[]).includes(name);

export async function startFunctionSwitch(product: Pick<RunningProduct, 'stopFunction' | 'startFunction' | 'functions'>): Promise<FunctionSwitch> {
  const server = createServer((req, res) => {
    const [, name = '', act = ''] = /^\/([a-z]+)\/(stop|start)$/.exec(req.url ?? '') ?? [];
    if (req.method !== 'POST' || !isFunctionName(name) || !product.functions.includes(name)) {
      res.writeHead(404).end();
      return;
    }
    const done = act === 'stop' ? product.stopFunction(name) : product.startFunction(name);
    done.then(
      () => res.writeHead(204).end(),
      (error: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** From a worker: takes the function down, or brings it back, and resolves once it is so. */
export async function switchFunction(name: FunctionName, act: 'stop' | 'start'): Promise<void> {
  const url = process.env.BAR_TAB_FUNCTION_SWITCH_URL;
  if (!url) throw new Error('BAR_TAB_FUNCTION_SWITCH_URL is not set: the global setup did not start the switch');
  const answer = await fetch(`${url}/${name}/${act}`, { method: 'POST' });
  if (answer.status !== 204) throw new Error(`the ${name} function did not ${act}: ${answer.status} ${await answer.text()}`);
}
