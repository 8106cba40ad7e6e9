/**
 * Every unit and component test: a fresh in-memory IndexedDB, empty
 * localStorage, an address with no fragment (the host's page keeps its
 * section there), and no console error or warning allowed.
 */
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { db } from '../../src/db/database.ts';

let consoleProblems: unknown[][] = [];

beforeEach(async () => {
  localStorage.clear();
  history.replaceState(null, '', location.pathname);
  await Promise.all(db.tables.map((table) => table.clear()));
  consoleProblems = [];
  const record = (...args: unknown[]) => {
    consoleProblems.push(args);
  };
  vi.spyOn(console, 'error').mockImplementation(record);
  vi.spyOn(console, 'warn').mockImplementation(record);
});

afterEach(() => {
  cleanup();
  expect(consoleProblems, 'console errors or warnings').toEqual([]);
});
