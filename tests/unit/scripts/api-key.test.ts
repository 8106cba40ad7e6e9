/** The gateway's key check for /rest/v1, as Supabase's (Kong's key-auth) answers it. */
import { describe, expect, it } from 'vitest';
import { apiKeyRefusal } from '../../../scripts/lib/api-key.ts';

const KEYS = ['anon.key.jwt', 'service.role.jwt'];

describe('the project key', () => {
  it('lets the anon or the service_role key through, in the apikey header', () => {
    expect(apiKeyRefusal({ apikey: 'anon.key.jwt' }, KEYS)).toBeNull();
    expect(apiKeyRefusal({ apikey: 'service.role.jwt' }, KEYS)).toBeNull();
  });

  it('refuses a request with no apikey header, also when it carries a bearer token', () => {
    for (const headers of [{}, { apikey: '' }, { authorization: 'Bearer anon.key.jwt' }]) {
      expect(apiKeyRefusal(headers, KEYS)).toEqual({
        status: 401,
        body: {
          error: expect.stringContaining('Falta la clave del proyecto') as unknown,
          message: 'No API key found in request',
          hint: expect.any(String) as unknown,
        },
      });
    }
  });

  it('refuses any other key, a near one too', () => {
    for (const apikey of ['anon.key.jw', 'anon.key.jwtx', 'ANON.KEY.JWT', 'anon.key.jwt, anon.key.jwt']) {
      expect(apiKeyRefusal({ apikey }, KEYS)?.body).toMatchObject({ message: 'Invalid API key', error: expect.stringContaining('no es válida') as unknown });
    }
  });

  it('refuses everything when the project has no keys', () => {
    expect(apiKeyRefusal({ apikey: 'anon.key.jwt' }, [])?.body.message).toBe('Invalid API key');
  });
});
