// A package URL as OSV names the package: its ecosystem (the names osv-schema lists) and the package's name
// as that ecosystem writes it. purl types OSV has no ecosystem for (generic, github, docker…) give none:
// a product known only by such a purl gets no OSV record, as a product without a purl.
import { purlParts, purlWithoutVersion } from '@cvdp/core/purl/index';

export interface OsvPackage {
  ecosystem: string;
  name: string;
  /** The purl without its version. */
  purl: string;
}

const joined = (separator: string) => (namespace: string | undefined, name: string) =>
  namespace ? `${namespace}${separator}${name}` : name;
const slash = joined('/');

/** purl type → the OSV ecosystem and how a name is written there (namespace joined to the name). */
const BY_TYPE: Record<string, { ecosystem: string; name: (ns: string | undefined, n: string) => string }> = {
  npm: { ecosystem: 'npm', name: slash },
  pypi: { ecosystem: 'PyPI', name: (_ns, n) => n },
  maven: { ecosystem: 'Maven', name: joined(':') },
  golang: { ecosystem: 'Go', name: slash },
  cargo: { ecosystem: 'crates.io', name: (_ns, n) => n },
  nuget: { ecosystem: 'NuGet', name: (_ns, n) => n },
  gem: { ecosystem: 'RubyGems', name: (_ns, n) => n },
  composer: { ecosystem: 'Packagist', name: slash },
  hex: { ecosystem: 'Hex', name: (_ns, n) => n },
  pub: { ecosystem: 'Pub', name: (_ns, n) => n },
  hackage: { ecosystem: 'Hackage', name: (_ns, n) => n },
  cran: { ecosystem: 'CRAN', name: (_ns, n) => n },
  conan: { ecosystem: 'ConanCenter', name: (_ns, n) => n },
  swift: { ecosystem: 'SwiftURL', name: slash },
  bitnami: { ecosystem: 'Bitnami', name: (_ns, n) => n },
};

/** Distribution packages (deb, rpm, apk): the ecosystem is the purl's namespace, the distribution. */
const DISTRIBUTIONS: Record<string, Record<string, string>> = {
  deb: { debian: 'Debian', ubuntu: 'Ubuntu' },
  rpm: {
    redhat: 'Red Hat',
    almalinux: 'AlmaLinux',
    'rocky-linux': 'Rocky Linux',
    opensuse: 'openSUSE',
    suse: 'SUSE',
    mageia: 'Mageia',
  },
  apk: { alpine: 'Alpine', wolfi: 'Wolfi', chainguard: 'Chainguard' },
};

/**
 * OSV names a distribution's release as an ecosystem suffix: `Debian:12` from distro=debian-12 (or 12),
 * `Alpine:v3.19` from distro=alpine-3.19 (or v3.19). Other distributions, and other distro values, are named
 * without a release.
 */
function release(ecosystem: string, distro: string | undefined): string {
  if (!distro) return ecosystem;
  if (ecosystem === 'Debian') {
    const m = /^(?:debian-)?(\d+)$/.exec(distro);
    if (m) return `Debian:${m[1]}`;
  }
  if (ecosystem === 'Alpine') {
    const m = /^(?:alpine-)?v?(\d+\.\d+)$/.exec(distro);
    if (m) return `Alpine:v${m[1]}`;
  }
  return ecosystem;
}

/** The OSV package a purl names, or null (an invalid purl, or a type OSV has no ecosystem for). */
export function osvPackage(purl: string): OsvPackage | null {
  let parts;
  try {
    parts = purlParts(purl);
  } catch {
    return null;
  }
  const byType = BY_TYPE[parts.type];
  if (byType) {
    return {
      ecosystem: byType.ecosystem,
      name: byType.name(parts.namespace, parts.name),
      purl: purlWithoutVersion(purl),
    };
  }
  const distribution = DISTRIBUTIONS[parts.type]?.[parts.namespace?.toLowerCase() ?? ''];
  if (!distribution) return null;
  return {
    ecosystem: release(distribution, parts.qualifiers?.distro),
    name: parts.name,
    purl: purlWithoutVersion(purl),
  };
}
