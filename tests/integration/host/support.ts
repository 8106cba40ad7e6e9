/**
 * Shared by the host's integration tests: guests who order through the public
 * API as their phones do, and the `host` handler run in Node against the real
 * stack's PostgREST with the service role.
 */
import type { Product } from '../../../src/catalogue/index.ts';
import { PRODUCTS } from '../../../supabase/functions/_shared/menu.ts';
import { createHostHandler, type HostHandler, type HostHandlerOptions } from '../../../supabase/functions/host/handler.ts';
import { asGuest } from '../../support/as-guest.ts';
import type { TestStack } from '../../support/stack.ts';

export { asGuest };

export const HOST_KEY = `clave-de-prueba-${crypto.randomUUID()}`;

export function hostHandler(stack: TestStack, options: Partial<HostHandlerOptions> = {}): HostHandler {
  return createHostHandler({
    env: { HOST_KEY, SUPABASE_SERVICE_ROLE_KEY: stack.stack.serviceRoleKey },
    restUrl: stack.stack.restUrl(),
    log: () => undefined,
    ...options,
  });
}

let addressNumber = 0;
/** A client address of its own, so one test's wrong keys never limit another's. */
export function freshAddress(): string {
  addressNumber += 1;
  return `10.20.${(addressNumber >> 8) & 255}.${addressNumber & 255}`;
}

export interface HostCall {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/** POSTs a body to the handler as the page does, from `address`. */
export async function askHost(handler: HostHandler, body: unknown, address: string, init: RequestInit = {}): Promise<HostCall> {
  const request = new Request('http://127.0.0.1/functions/v1/host', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'cf-connecting-ip': address },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
  const response = await handler(request);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : null };
}

export const product = (name: string): Product => {
  const found = PRODUCTS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`not on the menu: ${name}`);
  return found;
};

export interface SeededGuest {
  readonly id: string;
  readonly fullName: string;
  readonly orderIds: string[];
  /** The code of the party the guest joined by its link; none for the default party. */
  readonly party?: string;
}

/** Registers a guest and their orders through the anon API; the orders' taps are a few minutes ago, one second apart. */
export async function guestWithOrders(stack: TestStack, fullName: string, products: readonly Product[], party?: string): Promise<SeededGuest> {
  const id = crypto.randomUUID();
  const user = await asGuest(stack, '/users', { method: 'POST', guest: id, body: { id, full_name: fullName }, ...(party ? { party } : {}) });
  if (user.status !== 201) throw new Error(`guest refused: ${JSON.stringify(user.body)}`);
  const guest: SeededGuest = { id, fullName, orderIds: [], ...(party ? { party } : {}) };
  await addOrders(stack, guest, products);
  return guest;
}

let tapClock = Date.now() - 10 * 60_000;

export async function addOrders(stack: TestStack, guest: SeededGuest, products: readonly Product[]): Promise<void> {
  if (products.length === 0) return;
  const rows = products.map((item) => {
    tapClock += 1000;
    return { id: crypto.randomUUID(), user_id: guest.id, product_name: item.name, product_price: item.price, created_at: new Date(tapClock).toISOString() };
  });
  const answer = await asGuest(stack, '/orders', { method: 'POST', guest: guest.id, body: rows, ...(guest.party ? { party: guest.party } : {}) });
  if (answer.status !== 201) throw new Error(`orders refused: ${JSON.stringify(answer.body)}`);
  guest.orderIds.push(...rows.map((row) => row.id));
}

/** The guest's own reset, as their phone sends it. */
export async function resetGuest(stack: TestStack, guest: SeededGuest): Promise<void> {
  const answer = await asGuest(stack, `/orders?user_id=eq.${guest.id}&active=eq.true`, { method: 'PATCH', guest: guest.id, body: { active: false } });
  if (answer.status !== 204) throw new Error(`reset refused: ${JSON.stringify(answer.body)}`);
}

/** 'Quitar' (false) or 'Deshacer' (true) on one order, as the guest's phone sends it. */
export async function setOrderActive(stack: TestStack, guest: SeededGuest, orderId: string, active: boolean): Promise<void> {
  const answer = await asGuest(stack, `/orders?user_id=eq.${guest.id}&id=in.(${orderId})`, { method: 'PATCH', guest: guest.id, body: { active } });
  if (answer.status !== 204) throw new Error(`change refused: ${JSON.stringify(answer.body)}`);
}

/** Everything guests stored, as the superuser sees it: to prove the host's page changes none of it. */
export async function guestData(stack: TestStack): Promise<string> {
  const [rows] = await stack.query<{ users: unknown; orders: unknown }>(
    'select (select json_agg(u order by u.id) from users u) as users, (select json_agg(o order by o.id) from orders o) as orders',
  );
  return JSON.stringify(rows);
}

/** A party as the host function's create_party answers it. */
export interface MadeParty {
  readonly id: string;
  readonly code: string;
  readonly host_key: string;
}
