// The deliveries' fetch and connection pool, in a module apart from the URL checks that the
// webhook and Slack forms use: undici (540 KB of the bundle) loads with the first delivery
// (webhook-worker.ts), not at every start. undici's fetch is re-exported from here rather than
// imported by the worker itself: in the bundle, a dynamic import of a CommonJS package answers
// only its `default`, while a static import here keeps the named export.
import { lookup as lookupCallback } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent } from 'undici';
import { PRIVATE_REFUSAL, isPrivateAddress } from './webhook-url.ts';

export { fetch } from 'undici';

type TLookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * dns.lookup for the delivery's own connection, refusing private addresses. The connection uses
 * the very answer that was checked, so a name that resolves to a public address for the check
 * and to a private one a moment later (DNS rebinding) cannot reach the private one.
 */
function lookupPublicOnly(hostname: string, options: LookupOptions, callback: TLookupCallback) {
  lookupCallback(hostname, options, (error, address, family) => {
    if (error) return callback(error, '');
    const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address];
    if (addresses.some(isPrivateAddress)) return callback(new Error(PRIVATE_REFUSAL), '');
    return Array.isArray(address) ? callback(null, address) : callback(null, address, family);
  });
}

/**
 * The connection pool webhook deliveries go through: with private addresses refused, every
 * connection resolves its host through lookupPublicOnly.
 */
export function webhookDispatcher(allowPrivate: boolean): Agent {
  const pool = allowPrivate ? dispatchers.open : dispatchers.guarded;
  if (pool) return pool;
  const created = new Agent(allowPrivate ? {} : { connect: { lookup: lookupPublicOnly } });
  if (allowPrivate) dispatchers.open = created;
  else dispatchers.guarded = created;
  return created;
}

const dispatchers: { open?: Agent; guarded?: Agent } = {};
