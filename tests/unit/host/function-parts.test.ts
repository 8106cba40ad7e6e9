/** The `host` function's pure parts: the key check, the body rules, the settings. */
import { describe, expect, it } from 'vitest';
import { isHostKey, withoutKey } from '../../../supabase/functions/host/key.ts';
import { hostKeyOf, MAX_PAID_AMOUNT, parseHostAction, parseHostBody } from '../../../supabase/functions/_shared/host-request.ts';
import { readHostSettings } from '../../../supabase/functions/host/settings.ts';

const GUEST = '8a6e0804-2bd0-4672-b79e-d4b259de3b01';

describe('the host key check', () => {
  it('accepts exactly the key', async () => {
    expect(await isHostKey('clave-larga-de-anfitrión', 'clave-larga-de-anfitrión')).toBe(true);
    for (const other of ['clave-larga-de-anfitrion', 'clave-larga-de-anfitrión ', 'CLAVE-LARGA-DE-ANFITRIÓN', '', 'c']) {
      expect(await isHostKey(other, 'clave-larga-de-anfitrión'), other).toBe(false);
    }
  });

  it('never accepts anything when the expected key is empty', async () => {
    expect(await isHostKey('', '')).toBe(false);
  });

  it('takes the key out of log lines', () => {
    expect(withoutKey('falló con s3creta y s3creta', 's3creta')).toBe('falló con [oculta] y [oculta]');
    expect(withoutKey('nada que ocultar', undefined)).toBe('nada que ocultar');
  });
});

describe('the host page’s requests', () => {
  it('must be JSON objects', () => {
    expect(parseHostBody('{"action":"party"}')).toEqual({ ok: true, value: { action: 'party' } });
    expect(parseHostBody('{')).toEqual({ ok: false, error: 'El cuerpo no es JSON válido.' });
    for (const text of ['[]', 'null', '"x"', '3']) expect(parseHostBody(text), text).toEqual({ ok: false, error: 'El cuerpo debe ser un objeto JSON.' });
  });

  it('carry the key as a non-empty string', () => {
    expect(hostKeyOf({ key: 'abc' })).toBe('abc');
    for (const key of [undefined, '', 3, null, ['abc']]) expect(hostKeyOf({ key })).toBeNull();
    expect(hostKeyOf({ key: 'x'.repeat(5000) })).toHaveLength(512);
  });

  it('name one of four actions, with a guest UUID where one is needed', () => {
    expect(parseHostAction({ action: 'party' })).toEqual({ ok: true, value: { action: 'party' } });
    expect(parseHostAction({ action: 'orders', extra: 1 })).toEqual({ ok: true, value: { action: 'orders' } });
    expect(parseHostAction({ action: 'guest', guestId: GUEST })).toEqual({ ok: true, value: { action: 'guest', guestId: GUEST } });
    expect(parseHostAction({ action: 'guest', guestId: 'x' })).toEqual({ ok: false, error: 'guestId debe ser un UUID.' });
    expect(parseHostAction({ action: 'delete' })).toMatchObject({ ok: false });
    expect(parseHostAction({})).toMatchObject({ ok: false });
  });

  it('mark paid with a whole, bounded amount, or take it back without one', () => {
    expect(parseHostAction({ action: 'paid', guestId: GUEST, paid: true, amount: 4840 })).toEqual({
      ok: true,
      value: { action: 'paid', guestId: GUEST, paid: true, amount: 4840 },
    });
    expect(parseHostAction({ action: 'paid', guestId: GUEST, paid: true })).toEqual({ ok: true, value: { action: 'paid', guestId: GUEST, paid: true } });
    expect(parseHostAction({ action: 'paid', guestId: GUEST, paid: false, amount: 9 })).toEqual({
      ok: true,
      value: { action: 'paid', guestId: GUEST, paid: false },
    });
    for (const amount of [-1, 1.5, '4840', MAX_PAID_AMOUNT + 1, Number.NaN]) {
      expect(parseHostAction({ action: 'paid', guestId: GUEST, paid: true, amount }), String(amount)).toMatchObject({ ok: false });
    }
    expect(parseHostAction({ action: 'paid', guestId: GUEST, paid: 'sí' })).toEqual({ ok: false, error: 'paid debe ser true o false.' });
  });
});

describe('the function’s settings', () => {
  it('reach PostgREST at the project’s /rest/v1 unless told otherwise', () => {
    expect(readHostSettings({ SUPABASE_URL: 'https://xyz.supabase.co/' }).restUrl).toBe('https://xyz.supabase.co/rest/v1');
    expect(readHostSettings({ SUPABASE_URL: 'https://xyz.supabase.co' }, 'http://127.0.0.1:3000/').restUrl).toBe('http://127.0.0.1:3000');
    expect(readHostSettings({}).restUrl).toBeUndefined();
  });

  it('treat a blank key as no key', () => {
    expect(readHostSettings({ HOST_KEY: '  ' }).hostKey).toBeUndefined();
    expect(readHostSettings({ HOST_KEY: ' k ' }).hostKey).toBe('k');
  });
});
