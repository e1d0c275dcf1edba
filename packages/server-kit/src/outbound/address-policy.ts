// Which addresses CVDP's own calls out (CVE Services, other instances, later webhooks) may connect to. An
// address an administrator typed, or a name that resolves to it, could otherwise point the server at its own
// network: loopback, private ranges, link-local (cloud metadata at 169.254.169.254), unspecified, multicast,
// IPv6 unique-local, and IPv4 hidden in IPv6 (::ffff:10.0.0.1, NAT64, 6to4, Teredo). Only public unicast
// addresses are allowed, plus what CVDP_OUTBOUND_ALLOW lists (addresses or CIDR ranges).
import ipaddr from 'ipaddr.js';

type Ip = ipaddr.IPv4 | ipaddr.IPv6;

/** The environment variable that lists addresses and ranges an administrator allows. */
export const OUTBOUND_ALLOW_ENV = 'CVDP_OUTBOUND_ALLOW';

/** ::ffff:a.b.c.d is a.b.c.d: checked (and matched against the allow list) as the IPv4 address it is. */
function unmapped(ip: Ip): Ip {
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()
    ? (ip as ipaddr.IPv6).toIPv4Address()
    : ip;
}

function parseEntry(entry: string): [Ip, number] {
  try {
    if (entry.includes('/')) {
      const [range, bits] = ipaddr.parseCIDR(entry);
      const plain = unmapped(range);
      // A mapped range (::ffff:10.0.0.0/104) is the IPv4 range it maps.
      return plain === range ? [range, bits] : [plain, bits - 96];
    }
    const ip = unmapped(ipaddr.parse(entry));
    return [ip, ip.kind() === 'ipv4' ? 32 : 128];
  } catch {
    throw new Error(
      `${OUTBOUND_ALLOW_ENV}: "${entry}" is not an IP address or CIDR range (e.g. 127.0.0.1,10.0.0.0/8,fd00::/8)`,
    );
  }
}

/** The allow list from its comma-separated form; throws naming the entry that is not an address or range. */
export function parseOutboundAllow(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) parseEntry(entry);
  return entries;
}

export class AddressPolicy {
  private readonly allowed: [Ip, number][];

  constructor(allow: readonly string[] = []) {
    this.allowed = allow.map(parseEntry);
  }

  /** Whether a call may connect to this IP address (a string that is not an address is refused). */
  allows(address: string): boolean {
    let ip: Ip;
    try {
      ip = unmapped(ipaddr.parse(address.replace(/^\[|\]$/g, '')));
    } catch {
      return false;
    }
    if (this.allowed.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits)))
      return true;
    return ip.range() === 'unicast';
  }
}
