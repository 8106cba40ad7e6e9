import { describe, expect, it } from 'vitest';
import { newId } from '../../../src/platform/index.ts';

describe('an id made on the phone', () => {
  it('is a version 4 UUID, as Postgres and the server’s checks take it, and never the same twice', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('needs no secure context: crypto.randomUUID may be missing (http on the bar’s wifi)', () => {
    const randomUUID = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(crypto) as object, 'randomUUID');
    Object.defineProperty(Object.getPrototypeOf(crypto) as object, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newId()).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      if (randomUUID) Object.defineProperty(Object.getPrototypeOf(crypto) as object, 'randomUUID', randomUUID);
    }
  });
});
