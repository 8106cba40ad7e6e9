/** A virtual screen for browsers without a headless mode (WebKit's MiniBrowser), on a display Xvfb picks itself. */
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

export interface VirtualScreen {
  /** ":N", for DISPLAY. */
  readonly display: string;
  stop(): Promise<void>;
}

export async function startXvfb(): Promise<VirtualScreen> {
  // -displayfd: Xvfb chooses a free display and writes its number on fd 3.
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => xvfb.once('exit', () => resolve()));
  const number = await new Promise<string>((resolve, reject) => {
    (xvfb.stdio[3] as Readable).once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    void exited.then(() => reject(new Error('Xvfb exited before it chose a display (apt-get install xvfb)')));
  });
  return {
    display: `:${number}`,
    async stop() {
      xvfb.kill('SIGTERM');
      await exited;
    },
  };
}
