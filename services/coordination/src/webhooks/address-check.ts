// The address policy at registration: an endpoint the outbound client would refuse to call is refused when
// it is registered or changed, with the reason, instead of failing every delivery later. The client checks
// again at every call (a name may resolve elsewhere tomorrow).
import dns from 'node:dns/promises';
import net from 'node:net';
import type { AddressPolicy } from '@cvdp/server-kit';

export const endpointRefused = (address: string) =>
  `This endpoint resolves to ${address}, a private, loopback or link-local address: the server does not call such addresses unless its administrator lists them in CVDP_OUTBOUND_ALLOW.`;

/** Why the policy refuses this URL's host, or null. A name that does not resolve (yet) is not refused. */
export async function refusedByPolicy(policy: AddressPolicy, url: string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true })).map((a) => a.address);
    } catch {
      return null;
    }
  }
  const refused = addresses.find((a) => !policy.allows(a));
  return refused === undefined ? null : endpointRefused(refused);
}
