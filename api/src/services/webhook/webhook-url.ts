import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export const PRIVATE_REFUSAL = 'Refused: the address resolves to a private network.';

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
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
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
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses, private ones included
  ['2002::', 16], // 6to4: the same
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}

/** True for loopback, private, link-local, carrier-grade NAT, multicast and unspecified addresses. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
 * addresses are allowed) no literal private address and no local name (isLocalHostName). The
 * one rule of registration and of every delivery (assertDeliverable adds the DNS answer).
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
