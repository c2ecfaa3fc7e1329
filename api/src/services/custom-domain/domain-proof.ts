import { randomBytes } from 'node:crypto';
import { isNoSuchName, openResolver } from '../../dns-resolver.ts';
import type { TConfig } from '../../config.ts';

/** The label under the domain where the proof lives: `_feedboard-challenge.feedback.acme.com`. */
export const CHALLENGE_LABEL = '_feedboard-challenge';

/** The start of the record's value; the company's token follows. */
const VALUE_PREFIX = 'feedboard-verification=';

/** How long one lookup may take (per try) and how many tries, so no check hangs. */
const LOOKUP_TIMEOUT_MS = 3_000;
const LOOKUP_TRIES = 2;

/** A new token for a new claim: 128 random bits, as 32 hex digits. */
export function newDomainToken(): string {
  return randomBytes(16).toString('hex');
}

/** The TXT record that proves `domain` is the company's: its name and its value. */
export function domainChallenge(domain: string, token: string): { name: string; value: string } {
  return { name: `${CHALLENGE_LABEL}.${domain}`, value: `${VALUE_PREFIX}${token}` };
}

/**
 * What a lookup found: FOUND (a TXT record with exactly our value), WRONG_VALUE (TXT records,
 * none of them ours), NO_RECORD (the name has no TXT record, or does not exist), DNS_ERROR (no
 * answer: a timeout, a refusal, a server failure).
 */
export type TProofLookup = 'FOUND' | 'WRONG_VALUE' | 'NO_RECORD' | 'DNS_ERROR';

/**
 * Looks up the proof of `domain` for `token` with the resolvers of DNS_SERVERS (the system's
 * when unset), each try capped at a few seconds. A record split into several strings counts
 * as their concatenation (RFC 7208 §3.3). Never throws.
 */
export async function lookUpDomainProof(
  config: Pick<TConfig, 'dnsServers'>,
  domain: string,
  token: string,
): Promise<TProofLookup> {
  const { name, value } = domainChallenge(domain, token);
  const resolver = openResolver(config.dnsServers, {
    timeoutMs: LOOKUP_TIMEOUT_MS,
    tries: LOOKUP_TRIES,
  });
  try {
    const records = await resolver.resolveTxt(name);
    if (records.some((chunks) => chunks.join('').trim() === value)) return 'FOUND';
    return records.length > 0 ? 'WRONG_VALUE' : 'NO_RECORD';
  } catch (error) {
    return isNoSuchName(error) ? 'NO_RECORD' : 'DNS_ERROR';
  } finally {
    resolver.cancel();
  }
}
