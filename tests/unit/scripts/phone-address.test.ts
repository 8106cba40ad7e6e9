import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { phoneAddress, phoneUrlOf } from '../../../scripts/lib/phone-address.ts';

function ipv4(address: string, internal = false): NetworkInterfaceInfo {
  return { address, netmask: '255.255.255.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal, cidr: `${address}/24` };
}

const laptop: Record<string, NetworkInterfaceInfo[]> = {
  lo: [ipv4('127.0.0.1', true)],
  docker0: [ipv4('203.0.113.7')],
  wlan0: [
    ipv4('192.168.1.34'),
    { address: 'fe80::1', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '00:00:00:00:00:00', internal: false, cidr: 'fe80::1/64', scopeid: 3 },
  ],
};

describe('the address a phone opens the product at', () => {
  it('is none while the product listens on this machine alone', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1']) expect(phoneAddress(host, laptop)).toBeNull();
  });

  it('is the private IPv4 address of the wifi when listening on every interface, asked of nobody', () => {
    expect(phoneAddress('0.0.0.0', laptop)).toBe('192.168.1.34');
    expect(phoneAddress('::', laptop)).toBe('192.168.1.34');
  });

  it('falls back to any other non-loopback IPv4 address, and to none when only loopback is up', () => {
    expect(phoneAddress('0.0.0.0', { lo: laptop.lo, eth0: [ipv4('192.0.2.2')] })).toBe('192.0.2.2');
    expect(phoneAddress('0.0.0.0', { lo: laptop.lo })).toBeNull();
  });

  it('is the address HOST names when it names one', () => {
    expect(phoneAddress('10.0.0.5', laptop)).toBe('10.0.0.5');
    expect(phoneUrlOf('10.0.0.5', 4173)).toBe('http://10.0.0.5:4173');
    expect(phoneUrlOf('fd00::5', 4173)).toBe('http://[fd00::5]:4173');
  });
});
