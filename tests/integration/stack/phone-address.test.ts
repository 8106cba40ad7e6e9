/**
 * `HOST=0.0.0.0 npm start` as a host runs it before the night: the address it
 * prints for phones is this machine's on the network (not loopback), the app,
 * the host's page and the API answer there, and the party's QR printed in the
 * terminal scans to the party's link at that address. Without HOST, one line
 * says how to get there.
 */
import { networkInterfaces } from 'node:os';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launcher, printed, ready, type Launcher } from './npm-start.ts';

let npmStart: Launcher;

beforeAll(async () => {
  npmStart = await launcher();
});

afterAll(async () => {
  await npmStart.cleanUp();
});

/** The QR drawn with half blocks ('▀' top, '▄' bottom, '█' both), two rows of modules a line, as a scanner's pixels. */
function scan(block: string): string | null {
  const lines = block.split('\n').map((line) => Array.from(line.trimStart()));
  const width = Math.max(...lines.map((line) => line.length));
  const rows = lines.flatMap((line) => [0, 1].map((half) => Array.from({ length: width }, (_, x) => ['█', half === 0 ? '▀' : '▄'].includes(line[x] ?? ' '))));
  const scale = 4;
  const [w, h] = [width * scale, rows.length * scale];
  const image = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      const value = rows[Math.floor(y / scale)]?.[Math.floor(x / scale)] ? 0 : 255;
      image.set([value, value, value, 255], (y * w + x) * 4);
    }
  }
  return jsQR(image, w, h, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

describe('npm start for phones on the same network', () => {
  it('prints this machine’s address for them, answers there, and draws the party’s QR with it', async () => {
    const run = await npmStart.start({ env: { HOST: '0.0.0.0' } });
    await ready(run);
    const phoneUrl = printed(run, 'Desde un teléfono en la misma red');
    const address = new URL(phoneUrl).hostname;
    const ours = Object.values(networkInterfaces())
      .flatMap((infos) => infos ?? [])
      .filter((info) => !info.internal)
      .map((info) => info.address);
    expect(ours).toContain(address);
    expect(phoneUrl).toBe(`http://${address}:${run.port}`);

    const link = printed(run, 'Fiesta de prueba');
    expect(link).toMatch(new RegExp(`^${phoneUrl}/f/[A-Za-z0-9_-]{22}$`));
    const qr = new RegExp(`Código QR de la fiesta \\(${link}\\):\\n((?:.*[█▀▄].*\\n)+)`).exec(run.output())?.[1] ?? '';
    expect(scan(qr)).toBe(link);

    // Reached at that address, as a phone reaches it: the party's page, the host's page and the API.
    expect((await fetch(link)).status).toBe(200);
    const hostPage = await fetch(`${phoneUrl}/anfitrion`);
    expect(hostPage.status).toBe(200);
    expect(await hostPage.text()).toContain('<html lang="es-CL"');
    const rest = await fetch(`${phoneUrl}/rest/v1/rpc/party_menu`, {
      method: 'POST',
      headers: { apikey: printed(run, 'clave anon'), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as { items: unknown[] }).items.length).toBeGreaterThan(100);

    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  }, 120_000);

  it('says in one line how to reach the party from a phone when it listens on this machine alone', async () => {
    const run = await npmStart.start();
    await ready(run);
    expect(run.output()).toContain('Para abrirla desde un teléfono en la misma red wifi: HOST=0.0.0.0 npm start');
    expect(run.output()).not.toContain('Desde un teléfono en la misma red:');
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  }, 120_000);
});
