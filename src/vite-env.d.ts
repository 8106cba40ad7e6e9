/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PAYMENT_URL?: string;
  /** Set by vite.config.ts from package.json unless given. */
  readonly VITE_APP_VERSION: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
