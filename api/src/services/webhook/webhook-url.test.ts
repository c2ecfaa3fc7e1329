import os from 'node:os';
import type { NetworkInterfaceInfo } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertDeliverable, isPrivateAddress, webhookUrlProblem } from './webhook-url.ts';

/** An interface as os.networkInterfaces() lists it. */
function nic(address: string, family: 'IPv4' | 'IPv6'): NetworkInterfaceInfo {
  const common = { address, mac: '02:00:00:00:00:01', internal: false };
  return family === 'IPv4'
    ? { ...common, family, netmask: '255.255.255.0', cidr: `${address}/24` }
    : { ...common, family, netmask: 'ffff:ffff:ffff:ffff::', cidr: `${address}/64`, scopeid: 0 };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the host’s own addresses (webhook SSRF to this server)', () => {
  it('refuses a public address of one of the host’s interfaces, at registration and at delivery', async () => {
    // A cloud host with its public address on eth0: outside every private range, yet a webhook
    // to it reaches this very process.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000); // past any list read before this test
    vi.spyOn(os, 'networkInterfaces').mockReturnValue({
      eth0: [nic('93.184.216.34', 'IPv4'), nic('2606:2800:220:1::1', 'IPv6')],
    });
    for (const url of [
      'http://93.184.216.34:4201/api/v1/billing/stripe-webhook',
      'http://[2606:2800:220:1::1]:4201/graphql',
      'http://[::ffff:93.184.216.34]/', // the same IPv4 address, IPv4-mapped
    ]) {
      expect(webhookUrlProblem(url, false), url).toBe(
        'Private and local addresses are not allowed.',
      );
      await expect(assertDeliverable(url, false), url).rejects.toThrow(/not allowed/);
      // WEBHOOK_ALLOW_PRIVATE_URLS=true still lets it through (receivers on your own machine).
      expect(webhookUrlProblem(url, true), url).toBeNull();
    }
    expect(isPrivateAddress('93.184.216.35')).toBe(false);
  });

  it('reads the interfaces again, so an address added after start is refused soon after', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    const interfaces = vi.spyOn(os, 'networkInterfaces').mockReturnValue({
      eth0: [nic('93.184.216.34', 'IPv4')],
    });
    expect(isPrivateAddress('151.101.1.69')).toBe(false);
    interfaces.mockReturnValue({
      eth0: [nic('93.184.216.34', 'IPv4'), nic('151.101.1.69', 'IPv4')],
    });
    vi.setSystemTime(Date.now() + 10_000);
    expect(isPrivateAddress('151.101.1.69')).toBe(true);
  });

  it('refuses this machine’s real non-loopback addresses', () => {
    const own = Object.values(os.networkInterfaces())
      .flatMap((entries) => entries ?? [])
      .filter((entry) => !entry.internal);
    for (const { address, family } of own) {
      const url = family === 'IPv4' ? `http://${address}:4201/` : `http://[${address}]:4201/`;
      expect(webhookUrlProblem(url, false), url).toMatch(/not allowed/);
    }
  });

  it('refuses the documentation and other special-purpose ranges', () => {
    for (const address of [
      '192.0.2.2',
      '198.51.100.7',
      '203.0.113.9',
      '198.19.0.1',
      '240.0.0.1',
      '2001:db8::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      '64:ff9b:1::a00:1',
      '100::1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    expect(isPrivateAddress('192.0.3.1')).toBe(false);
  });
});
