import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_FILE, functionConfig } from '../../../scripts/lib/function-config.ts';

describe('supabase/config.toml', () => {
  it('declares every function with JWT verification on, matching what the app sends (the anon key as a bearer token), but payments', () => {
    const functionsDir = join(process.cwd(), 'supabase', 'functions');
    const names = readdirSync(functionsDir).filter((name) => !name.startsWith('_') && existsSync(join(functionsDir, name, 'index.ts')));
    expect(names.sort()).toEqual(['comment', 'host', 'payments']);
    for (const name of ['comment', 'host']) expect(functionConfig(name, CONFIG_FILE), name).toEqual({ verifyJwt: true });
  });

  it('turns JWT verification off for payments: Mercado Pago’s notifications carry none, and the function checks their signature', () => {
    expect(functionConfig('payments', CONFIG_FILE)).toEqual({ verifyJwt: false });
  });
});
