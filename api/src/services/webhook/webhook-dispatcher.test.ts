import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetch } from 'undici';
import { webhookDispatcher } from './webhook-dispatcher.ts';
import { isPrivateAddress } from './webhook-url.ts';

const server = createServer((_request, response) => response.end('reached'));
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the webhook connection pool', () => {
  it('refuses, at connect time, a name that resolves to a private address (as after DNS rebinding)', async () => {
    // `localhost` stands for a name whose answer turned private after the registration check.
    const refused = await fetch(`http://localhost:${port}/`, {
      dispatcher: webhookDispatcher(false),
    }).catch((error: Error & { cause?: Error }) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(String((refused as Error & { cause?: Error }).cause?.message)).toMatch(
      /resolves to a private network/,
    );
    const allowed = await fetch(`http://localhost:${port}/`, {
      dispatcher: webhookDispatcher(true),
    });
    expect(await allowed.text()).toBe('reached');
  });

  it('counts NAT64, 6to4 and IPv4-compatible addresses as private', () => {
    for (const address of ['64:ff9b::7f00:1', '2002:7f00:1::1', '::7f00:1', '::ffff:10.0.0.1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    expect(isPrivateAddress('2606:4700:4700::1111')).toBe(false);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
  });
});
