/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PAYMENT_URL?: string;
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** Set by vite.config.ts from package.json unless given. */
  readonly VITE_APP_VERSION: string;
  /** Set by build/ocr-files.ts: the build's folder of the OCR engine's files, ending in '/'. */
  readonly VITE_OCR_DIR: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
