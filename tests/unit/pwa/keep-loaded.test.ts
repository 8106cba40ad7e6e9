import { describe, expect, it } from 'vitest';
import { loadedPastWorker } from '../../../src/pwa/keep-loaded.ts';

const ORIGIN = 'https://bar.example';
const entry = (name: string, workerStart = 0) => ({ name, workerStart });

describe('the files the page loaded before the worker was in charge', () => {
  it('are its own origin’s that no worker saw: the API’s answers, other origins and what came through the worker are left out', () => {
    const entries = [
      entry(`${ORIGIN}/assets/HostApp-e5.css`),
      entry(`${ORIGIN}/assets/HostApp-f6.js`),
      entry(`${ORIGIN}/assets/transport-c3.js`, 812.5),
      entry(`${ORIGIN}/functions/v1/host`),
      entry(`${ORIGIN}/rest/v1/rpc/party_menu`),
      entry(`${ORIGIN}/auth/v1/user`),
      entry('https://static.cloudflareinsights.com/beacon.min.js'),
      entry(`${ORIGIN}/icons/icon-192.png`),
    ];
    expect(loadedPastWorker(entries, ORIGIN)).toEqual([`${ORIGIN}/assets/HostApp-e5.css`, `${ORIGIN}/assets/HostApp-f6.js`, `${ORIGIN}/icons/icon-192.png`]);
  });

  it('are none on a visit the worker ran from the start', () => {
    expect(loadedPastWorker([entry(`${ORIGIN}/assets/index-a1.js`, 3.2), entry(`${ORIGIN}/assets/HostApp-e5.css`, 40.1)], ORIGIN)).toEqual([]);
  });
});
