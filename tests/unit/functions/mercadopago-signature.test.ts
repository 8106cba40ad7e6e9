/**
 * Mercado Pago's webhook signature as its guide documents it: the manifest,
 * HMAC-SHA256 hex with the secret, compared in constant time, and a ts too
 * old refused. Checked against HMACs node:crypto computes on its own.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkNotificationSignature,
  constantTimeEqual,
  parseSignatureHeader,
  signatureManifest,
  signNotification,
} from '../../../supabase/functions/_shared/mercadopago-signature.ts';

const SECRET = 'your_secret_key_here';
const NOW_S = 1_704_908_010;
const hmac = (message: string) => createHmac('sha256', SECRET).update(message).digest('hex');

describe('the manifest', () => {
  it('is id, request-id and ts, each ended by a semicolon', () => {
    expect(signatureManifest('123456', 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e', '1704908010')).toBe(
      'id:123456;request-id:bb56a2f1-6aae-46ac-982e-9dcd3581d08e;ts:1704908010;',
    );
  });

  it('lower-cases an alphanumeric data.id, as Mercado Pago signs it', () => {
    expect(signatureManifest('ORD01ABC', 'r', '1')).toBe('id:ord01abc;request-id:r;ts:1;');
  });

  it('leaves out a part the notification lacks', () => {
    expect(signatureManifest('1', null, '5')).toBe('id:1;ts:5;');
    expect(signatureManifest(null, 'r', '5')).toBe('request-id:r;ts:5;');
  });
});

describe('the header', () => {
  it('reads ts and v1 in any order, with spaces', () => {
    const v1 = 'a'.repeat(64);
    expect(parseSignatureHeader(`ts=1704908010,v1=${v1}`)).toEqual({ ts: '1704908010', v1 });
    expect(parseSignatureHeader(` v1=${v1.toUpperCase()} , ts=1704908010`)).toEqual({ ts: '1704908010', v1 });
  });

  it('refuses a header without both parts or with something else in them', () => {
    for (const header of ['', 'ts=1', `v1=${'a'.repeat(64)}`, `ts=abc,v1=${'a'.repeat(64)}`, 'ts=1,v1=xyz', `ts=1,v1=${'a'.repeat(63)}`]) {
      expect(parseSignatureHeader(header), header).toBeNull();
    }
  });
});

describe('checking a notification', () => {
  const requestId = 'bb56a2f1-6aae-46ac-982e-9dcd3581d08e';
  const signature = `ts=${NOW_S},v1=${hmac(`id:123456;request-id:${requestId};ts:${NOW_S};`)}`;

  it('takes Mercado Pago’s own signature', async () => {
    expect(await checkNotificationSignature(SECRET, { dataId: '123456', requestId, signature }, NOW_S * 1000)).toBe('ok');
  });

  it('signs as it checks', async () => {
    expect(await signNotification(SECRET, '123456', requestId, String(NOW_S))).toBe(signature);
  });

  it('refuses another secret, another id, another request id, another ts', async () => {
    expect(await checkNotificationSignature('another', { dataId: '123456', requestId, signature }, NOW_S * 1000)).toBe('mismatch');
    expect(await checkNotificationSignature(SECRET, { dataId: '123457', requestId, signature }, NOW_S * 1000)).toBe('mismatch');
    expect(await checkNotificationSignature(SECRET, { dataId: '123456', requestId: 'x', signature }, NOW_S * 1000)).toBe('mismatch');
    const moved = signature.replace(`ts=${NOW_S}`, `ts=${NOW_S + 1}`);
    expect(await checkNotificationSignature(SECRET, { dataId: '123456', requestId, signature: moved }, NOW_S * 1000)).toBe('mismatch');
  });

  it('refuses a missing or malformed signature', async () => {
    expect(await checkNotificationSignature(SECRET, { dataId: '123456', requestId, signature: null }, NOW_S * 1000)).toBe('missing');
    expect(await checkNotificationSignature(SECRET, { dataId: null, requestId, signature }, NOW_S * 1000)).toBe('missing');
    expect(await checkNotificationSignature(SECRET, { dataId: '123456', requestId, signature: 'ts=1' }, NOW_S * 1000)).toBe('malformed');
  });

  it('refuses a signature older (or newer) than five minutes, in seconds or milliseconds', async () => {
    const at = (seconds: number) => checkNotificationSignature(SECRET, { dataId: '123456', requestId, signature }, seconds * 1000);
    expect(await at(NOW_S + 300)).toBe('ok');
    expect(await at(NOW_S + 301)).toBe('stale');
    expect(await at(NOW_S - 301)).toBe('stale');
    const ms = String(NOW_S * 1000);
    const inMs = `ts=${ms},v1=${hmac(`id:123456;request-id:${requestId};ts:${ms};`)}`;
    expect(await checkNotificationSignature(SECRET, { dataId: '123456', requestId, signature: inMs }, NOW_S * 1000 + 1000)).toBe('ok');
    expect(await checkNotificationSignature(SECRET, { dataId: '123456', requestId, signature: inMs }, (NOW_S + 400) * 1000)).toBe('stale');
  });
});

describe('constantTimeEqual', () => {
  it('is equality', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'ab')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });
});
