/** The `host` function with parties, for the session's and the views' tests: an owner key, a party's key, three parties. */
import type { HostAnswer, HostCall } from '../../../src/host/api.ts';
import type { MenuItem } from '../../../src/host/menu.ts';
import type { PartyInfo } from '../../../src/host/parties.ts';
import { createHostSession } from '../../../src/host/session.ts';
import { localHostStore } from '../../../src/host/storage.ts';
import { guestRow, partyOf, stateOf } from './fixtures.ts';

export const OWNER = 'clave-del-dueño';
export const ANA_KEY = 'clave-de-la-fiesta-de-ana';
export const ANA = 'codigoDeLaFiestaDeAna0';
export const BETO = 'codigoDeLaFiestaDeBeto';

export const info = (code: string, name: string, change: Partial<PartyInfo> = {}): PartyInfo => ({
  id: `id-${code}`,
  code,
  name,
  party_date: '2026-11-28',
  payment_url: null,
  closed_at: null,
  is_default: false,
  ...change,
});

/** The function with three parties: the default one (no code), Ana's (its own key) and Beto's. */
export function fakeParties() {
  const parties = new Map<string | null, PartyInfo>([
    [null, info('codigoDeLaFiestaPrueba', 'Fiesta de prueba', { is_default: true })],
    [ANA, info(ANA, 'Cumpleaños de Ana')],
    [BETO, info(BETO, 'Asado de Beto')],
  ]);
  const guests = new Map([
    [null, [guestRow({ id: 'g0', full_name: 'Dora Prueba' })]],
    [ANA, [guestRow({ id: 'g1', full_name: 'Ana Pérez' })]],
    [BETO, [guestRow({ id: 'g2', full_name: 'Beto Soto' })]],
  ]);
  const house = (): MenuItem[] => [
    { name: 'Aperol Spritz', price: 6500, category: 'Cócteles', sold_out: false },
    { name: 'Mojito', price: 6490, category: 'Cócteles', sold_out: false },
    { name: 'Tabla Irish', price: 16990, category: 'Entradas', sold_out: false },
  ];
  const menus = new Map<string | null, MenuItem[]>([
    [null, house()],
    [ANA, house()],
    [BETO, house()],
  ]);
  let versions = 0;
  const menuOf = (code: string | null) => ({ version: `v${versions}`, items: menus.get(code) ?? [] });
  const server = { signal: true, requests: [] as { key: string; action: HostCall }[], hold: null as Promise<void> | null };
  const refuse = (status: number, error: string): HostAnswer => ({ kind: 'refused', status, error, retryAfterSeconds: null });
  const answer = (key: string, action: HostCall): HostAnswer => {
    if (!server.signal) return { kind: 'offline' };
    const owner = key === OWNER;
    if (!owner && key !== ANA_KEY) return refuse(401, 'Clave incorrecta.');
    if (action.action === 'parties')
      return owner
        ? { kind: 'ok', json: [...parties.values()].map((party) => ({ ...party, guests: 1, total: 10_900 })) }
        : refuse(403, 'Esta clave abre solo su fiesta.');
    if (action.action === 'create_party') {
      if (!owner) return refuse(403, 'Esta clave abre solo su fiesta.');
      const made = info('codigoDeLaFiestaNueva0', action.name, { party_date: action.date });
      parties.set(made.code, made);
      menus.set(made.code, action.menuFrom ? [...(menus.get(action.menuFrom) ?? [])] : house());
      guests.set(made.code, []);
      return { kind: 'ok', json: { ...made, host_key: 'la-clave-nueva' } };
    }
    const code = owner ? (action.party ?? null) : ANA;
    if (!owner && action.party !== undefined && action.party !== ANA) return refuse(403, 'Esta clave abre solo su fiesta.');
    const party = parties.get(code);
    if (!party) return refuse(404, 'No encontramos esta fiesta.');
    if (action.action === 'menu') return { kind: 'ok', json: menuOf(code) };
    if (action.action === 'set_price' || action.action === 'set_sold_out' || action.action === 'add_product' || action.action === 'import_menu') {
      if (party.closed_at !== null) return refuse(409, 'La fiesta terminó: su carta ya no se cambia.');
      const items = menus.get(code) ?? [];
      const at = (name: string) => items.findIndex((item) => item.name.toLowerCase() === name.toLowerCase());
      if (action.action === 'add_product') {
        if (at(action.name) >= 0) return refuse(409, 'Ya hay un producto con ese nombre en la carta.');
        items.push({ name: action.name, price: action.price, category: action.category, sold_out: false });
      } else if (action.action === 'import_menu') {
        for (const line of action.lines) {
          const index = at(line.name);
          if (index >= 0) items[index] = { ...line, sold_out: items[index]?.sold_out ?? false };
          else items.push({ ...line, sold_out: false });
        }
      } else {
        const index = at(action.name);
        const item = items[index];
        if (!item) return refuse(404, 'Ese producto no está en la carta.');
        items[index] = action.action === 'set_price' ? { ...item, price: action.price } : { ...item, sold_out: action.soldOut };
      }
      menus.set(code, items);
      versions += 1;
      return { kind: 'ok', json: menuOf(code) };
    }
    if (action.action === 'close_party') {
      parties.set(code, { ...party, closed_at: '2026-11-29T03:00:00Z' });
      return { kind: 'ok', json: parties.get(code) };
    }
    return { kind: 'ok', json: { ...partyOf(guests.get(code) ?? []), party } };
  };
  const ask = async (key: string, action: HostCall): Promise<HostAnswer> => {
    server.requests.push({ key, action });
    if (server.hold) await server.hold;
    return answer(key, action);
  };
  const session = () => createHostSession({ ask, store: localHostStore });
  const names = (host: ReturnType<typeof session>) => stateOf(host).snapshot?.party.guests.map((guest) => guest.full_name);
  return { server, parties, guests, menus, session, names, ask };
}
