/**
 * The database as IndexedDB itself sees it, for code that runs without Dexie
 * (the service worker). `database.ts` declares the schema; a test holds the two together.
 */

export const DATABASE_NAME = 'bar-tab';

/** The last `version()` in database.ts. */
export const SCHEMA_VERSION = 4;

/** Dexie opens IndexedDB at ten times its own version number. */
export const IDB_VERSION = SCHEMA_VERSION * 10;
