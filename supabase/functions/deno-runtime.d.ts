/**
 * For `tsc` only: the few Deno APIs the entry files use. Deno itself has the
 * real declarations (tests run `deno check` on those files).
 */
declare namespace Deno {
  interface NetAddr {
    readonly transport: 'tcp' | 'udp';
    readonly hostname: string;
    readonly port: number;
  }
  interface ServeHandlerInfo {
    readonly remoteAddr: NetAddr;
  }
  interface ServeOptions {
    readonly port?: number;
    readonly hostname?: string;
  }
  const env: { get(name: string): string | undefined };
  const stdin: { read(buffer: Uint8Array): Promise<number | null> };
  function serve(options: ServeOptions, handler: (request: Request, info: ServeHandlerInfo) => Response | Promise<Response>): unknown;
  function exit(code?: number): never;
}
