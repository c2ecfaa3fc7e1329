import { Resolver } from 'node:dns/promises';

/**
 * A resolver of DNS_SERVERS (config.dnsServers; the system's when unset), each try capped at
 * `timeoutMs`: what looks up names a company chose (domain proofs, webhook hosts), so that no
 * lookup hangs and tests can point every one at a stand-in. `cancel()` it when done.
 */
export function openResolver(
  dnsServers: string[] | undefined,
  { timeoutMs, tries }: { timeoutMs: number; tries: number },
): Resolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries });
  if (dnsServers) resolver.setServers(dnsServers);
  return resolver;
}

const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** Whether a lookup's error says the name (or its record) does not exist, not that DNS failed. */
export function isNoSuchName(error: unknown): boolean {
  return NO_SUCH_NAME.has((error as { code?: string } | null)?.code ?? '');
}
