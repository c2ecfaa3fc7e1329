import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import os from 'node:os';
import { isNoSuchName, openResolver } from '../../dns-resolver.ts';

export const PRIVATE_REFUSAL =
  'Refused: the address resolves to a private network or to this server.';

/** Addresses a webhook must not reach unless WEBHOOK_ALLOW_PRIVATE_URLS is set (SSRF). */
const PRIVATE = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24], // TEST-NET-1 (documentation; never on the Internet, so only local here)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 3], // multicast, reserved (240/4) and broadcast
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['::', 96], // IPv4-compatible (deprecated) addresses embed any IPv4 address
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT, RFC 2765): the same
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses, private ones included
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): the same
  ['2002::', 16], // 6to4: the same
  ['2001::', 32], // Teredo: embeds an IPv4 address too
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

/** How long the host's own addresses are trusted before os.networkInterfaces() is asked again. */
const OWN_ADDRESSES_TTL_MS = 5_000;
let ownAddresses: { list: BlockList; readAt: number } | undefined;

/**
 * The addresses of this host's own network interfaces, whatever their range: a public (or
 * TEST-NET, or any other) address on one of them reaches this very process and every service
 * bound to 0.0.0.0, exactly as 127.0.0.1 does. Read again every few seconds, so an address
 * added after start (DHCP, a cloud's secondary address) is refused soon after.
 */
function ownInterfaceAddresses(): BlockList {
  const now = Date.now();
  const age = now - (ownAddresses?.readAt ?? -Infinity);
  // A clock set back (age below zero) reads them again too.
  if (ownAddresses && age >= 0 && age < OWN_ADDRESSES_TTL_MS) return ownAddresses.list;
  const list = new BlockList();
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) {
      // Link-local IPv6 addresses carry no zone here; all of fe80::/10 is refused anyway.
      list.addAddress(entry.address, entry.family === 'IPv4' ? 'ipv4' : 'ipv6');
    }
  }
  ownAddresses = { list, readAt: now };
  return list;
}

/**
 * True for the addresses a webhook must not reach: loopback, private, link-local,
 * carrier-grade NAT, multicast, unspecified and the other special-purpose ranges above, and any
 * address of this host's own network interfaces (ownInterfaceAddresses).
 */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const bare = mapped?.[1] ?? address;
  const family = isIP(bare);
  if (family === 0) return true;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return PRIVATE.check(bare, type) || ownInterfaceAddresses().check(bare, type);
}

/** The host name of a URL as DNS and isIP expect it (IPv6 literals lose their brackets). */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Names that mean this machine or a private network whatever DNS says (RFC 6761, RFC 6762). */
const LOCAL_NAMES = new Set([
  'localhost',
  'localhost.localdomain',
  'ip6-localhost',
  'ip6-loopback',
]);
const LOCAL_SUFFIXES = ['.localhost', '.internal', '.local', '.home.arpa'];

/**
 * Whether a host name names this machine or a private network by its name alone. DNS names are
 * case-blind and a trailing dot only makes a name fully qualified (`LOCALHOST.` is `localhost`),
 * so the name is compared lower-cased without its trailing dots.
 */
export function isLocalHostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, '');
  return LOCAL_NAMES.has(name) || LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/**
 * Why a webhook URL is refused, or null: only http(s), no credentials, and (unless private
 * addresses are allowed) no literal private or own address (isPrivateAddress) and no local
 * name (isLocalHostName). The one rule of registration and of every delivery (assertDeliverable
 * adds the DNS answer).
 */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full http:// or https:// address.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return 'Only http:// and https:// addresses are allowed.';
  }
  if (url.username || url.password) return 'Leave user names and passwords out of the address.';
  if (allowPrivate) return null;
  const host = bareHost(url);
  if (isLocalHostName(host)) return 'Private and local addresses are not allowed.';
  if (isIP(host) && isPrivateAddress(host)) return 'Private and local addresses are not allowed.';
  return null;
}

/**
 * Refuses (throws) a delivery whose host resolves to a private address, checked at each attempt
 * because DNS answers change after registration.
 */
export async function assertDeliverable(raw: string, allowPrivate: boolean): Promise<void> {
  const problem = webhookUrlProblem(raw, allowPrivate);
  if (problem) throw new Error(`Refused: ${problem}`);
  if (allowPrivate) return;
  const host = bareHost(new URL(raw));
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
  if (addresses.some(({ address }) => isPrivateAddress(address))) {
    throw new Error(PRIVATE_REFUSAL);
  }
}

/** How long a registration waits for DNS: one try of a few seconds per address family. */
const REGISTRATION_LOOKUP_MS = 3_000;

/**
 * Why a webhook's host is refused at registration after a DNS lookup (with DNS_SERVERS'
 * resolvers, the system's when unset), or null: a name that does not exist ("could not be
 * resolved", outside attack 7) or whose addresses are private. Not looked up where private
 * addresses are allowed (WEBHOOK_ALLOW_PRIVATE_URLS). When DNS gives
 * no answer at all (an offline installation, a resolver down) the address is kept: every
 * delivery looks it up again (assertDeliverable) and says why it failed.
 */
export async function hostProblem(
  raw: string,
  allowPrivate: boolean,
  dnsServers: string[] | undefined,
): Promise<string | null> {
  const host = bareHost(new URL(raw));
  // Where private addresses are allowed, internal names (in /etc/hosts, a search domain) are
  // welcome: this lookup would not see them.
  if (allowPrivate || isIP(host)) return null;
  const resolver = openResolver(dnsServers, { timeoutMs: REGISTRATION_LOOKUP_MS, tries: 1 });
  try {
    const found = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    const addresses = found.flatMap((each) => (each.status === 'fulfilled' ? each.value : []));
    if (addresses.length === 0) {
      const isAbsent = found.every(
        (each) => each.status === 'rejected' && isNoSuchName(each.reason),
      );
      return isAbsent ? 'The host name could not be resolved.' : null;
    }
    if (addresses.some(isPrivateAddress)) {
      return 'Private and local addresses are not allowed.';
    }
    return null;
  } finally {
    resolver.cancel();
  }
}
