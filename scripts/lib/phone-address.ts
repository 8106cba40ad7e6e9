/**
 * Where a phone on the same network opens the product. A phone that scans
 * http://localhost:… reaches itself, so the party's link and QR must carry an
 * address of this machine that the bar's wifi reaches. No question is asked:
 * HOST names one, or, listening on every interface (HOST=0.0.0.0), the first
 * private IPv4 address (10/8, 172.16/12, 192.168/16) of an interface that is up,
 * else the first other non-loopback IPv4 one.
 */
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

const EVERY_INTERFACE = new Set(['0.0.0.0', '::']);
const THIS_MACHINE_ONLY = new Set(['127.0.0.1', 'localhost', '::1']);

function isPrivate(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number);
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** The address, or null when the product listens on this machine alone (or no network is up). */
export function phoneAddress(host: string, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string | null {
  if (THIS_MACHINE_ONLY.has(host)) return null;
  if (!EVERY_INTERFACE.has(host)) return host;
  const candidates = Object.values(interfaces)
    .flatMap((infos) => infos ?? [])
    .filter((info) => info.family === 'IPv4' && !info.internal)
    .map((info) => info.address);
  return candidates.find(isPrivate) ?? candidates[0] ?? null;
}

/** http://<address>:<port>, with an IPv6 address in brackets. */
export function phoneUrlOf(address: string, port: number): string {
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}
