// Package URLs (purl) checked with packageurl-js — the same library the CSAF validator's test 6.1.13 uses,
// so a purl we accept also passes there. Not part of core's main index (the web sign-in bundle must not
// carry packageurl-js): import it by path, '@cvdp/core/purl/index'.
import { PackageURL } from 'packageurl-js';

export const PURL_MESSAGE_PREFIX = 'Not a valid package URL';

/** Null when `input` is a valid purl (e.g. pkg:npm/%40scope/name@1.0.0), else what is wrong with it. */
export function purlError(input: string): string | null {
  try {
    PackageURL.fromString(input);
    return null;
  } catch (error) {
    const why = error instanceof Error ? error.message.replace(/^Invalid purl:\s*/i, '') : '';
    return `${PURL_MESSAGE_PREFIX} (e.g. pkg:npm/%40scope/name@1.0.0)${why ? `: ${why}` : ''}.`;
  }
}

export const isPurl = (input: string): boolean => purlError(input) === null;

/** The purl in its canonical form (how two purls are compared). Throws for an invalid one. */
export const canonicalPurl = (input: string): string => PackageURL.fromString(input).toString();

/** The version of a purl (undefined when it has none). Throws for an invalid one. */
export const purlVersion = (input: string): string | undefined => PackageURL.fromString(input).version;

/** The purl naming `version` instead of its own (or none). Throws for an invalid one. */
export function purlWithVersion(input: string, version: string): string {
  const p = PackageURL.fromString(input);
  return new PackageURL(p.type, p.namespace, p.name, version, p.qualifiers, p.subpath).toString();
}

export interface PurlParts {
  type: string;
  namespace: string | undefined;
  name: string;
  version: string | undefined;
  qualifiers: Record<string, string> | undefined;
}

/** A purl's parts, decoded (type and, where the spec says so, namespace and name lower-cased). Throws for an invalid one. */
export function purlParts(input: string): PurlParts {
  const p = PackageURL.fromString(input);
  return {
    type: p.type,
    namespace: p.namespace ?? undefined,
    name: p.name,
    version: p.version ?? undefined,
    qualifiers: p.qualifiers ?? undefined,
  };
}

/** The purl without its version (how OSV names a package). Throws for an invalid one. */
export function purlWithoutVersion(input: string): string {
  const p = PackageURL.fromString(input);
  return new PackageURL(p.type, p.namespace, p.name, undefined, p.qualifiers, p.subpath).toString();
}
