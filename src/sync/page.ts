/**
 * The page's one outbox reaches the views through a context: main.tsx builds
 * it and provides it here, in the first load, while its code (the engine)
 * comes after the first render.
 */
import { createContext, useContext } from 'react';
import type { Outbox } from './engine.ts';

/** The page's outbox, on its way; null with no backend. */
export type PageOutbox = Promise<Outbox> | null;

const OutboxContext = createContext<PageOutbox>(null);
export const OutboxProvider = OutboxContext.Provider;

/** The page's outbox (main.tsx built it): for the views that retry or queue through it. */
export function usePageOutbox(): PageOutbox {
  return useContext(OutboxContext);
}
