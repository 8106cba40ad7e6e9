import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets } from '../../../scripts/lib/keys.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bar-tab-keys-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the local secrets', () => {
  it('are made once and kept', async () => {
    const file = join(dir, 'secrets.json');
    const made = await loadOrCreateSecrets(file);
    expect(made.hostKey).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(await loadOrCreateSecrets(file)).toEqual(made);
  });

  it('gain a host key when kept by an older version, keeping the rest', async () => {
    const file = join(dir, 'secrets.json');
    const old = { jwtSecret: 'j'.repeat(64), superuserPassword: 'su-password', authenticatorPassword: 'auth-password' };
    await writeFile(file, JSON.stringify(old));
    const secrets = await loadOrCreateSecrets(file);
    expect(secrets).toMatchObject(old);
    expect(secrets.hostKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ ...old, hostKey: secrets.hostKey });
  });
});
