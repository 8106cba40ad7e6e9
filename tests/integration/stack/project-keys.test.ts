/** The local project's keys, signed in Node as `npm start` signs them. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isProjectJwt, signRoleKey } from '../../../scripts/lib/keys.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the project keys', () => {
  it('are the same at every start, so an app built at an earlier start still passes the gateway', async () => {
    const secret = 's'.repeat(64);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-24T20:00:00Z') });
    const [anon, service] = await Promise.all([signRoleKey(secret, 'anon'), signRoleKey(secret, 'service_role')]);
    vi.setSystemTime(Date.parse('2026-11-25T20:00:00Z')); // the next night's start
    expect(await signRoleKey(secret, 'anon')).toBe(anon);
    expect(service).not.toBe(anon);
    expect(await signRoleKey('t'.repeat(64), 'anon')).not.toBe(anon);
    expect(await isProjectJwt(secret, anon)).toBe(true);
  });
});
