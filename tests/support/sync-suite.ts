/**
 * A sync suite's world: one local stack, the project's layout in front of it
 * (/rest/v1 → PostgREST, as the server client expects it; no faults unless a test
 * sets them), and the phones the tests make, all stopped after the suite.
 */
import { afterAll, beforeAll } from 'vitest';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { makePhone, type Phone, type PhoneOptions } from './phones.ts';
import { startTestStack, type TestStack } from './stack.ts';

export interface SyncSuite {
  readonly stack: TestStack;
  readonly api: FaultProxy;
  /** A phone on the suite's stack; `anonKey` replaces the project's key (a misconfigured app). */
  phone(options?: PhoneOptions & { readonly anonKey?: string }): Promise<Phone>;
}

export function syncSuite(): SyncSuite {
  let stack: TestStack | undefined;
  let api: FaultProxy | undefined;
  const phones: Phone[] = [];
  const started = <T>(part: T | undefined): T => {
    if (part === undefined) throw new Error('the suite has not started yet: use it inside a test');
    return part;
  };
  beforeAll(async () => {
    stack = await startTestStack();
    api = await startFaultProxy(stack.stack.restUrl);
  });
  afterAll(async () => {
    await Promise.all(phones.map((phone) => phone.close()));
    await api?.close();
    await stack?.stop();
  });
  return {
    get stack() {
      return started(stack);
    },
    get api() {
      return started(api);
    },
    async phone({ anonKey, ...options } = {}) {
      const made = await makePhone(started(api).url, anonKey ?? started(stack).stack.anonKey, options);
      phones.push(made);
      return made;
    },
  };
}
