import { describe, expect, it } from 'vitest';
import { canonicalPurl, isPurl, purlError, purlVersion, purlWithVersion } from './index.ts';

describe('package URLs', () => {
  it.each([
    'pkg:npm/%40angular/core@17.0.1',
    'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1?type=jar',
    'pkg:generic/acme/widget-server@2.4.1',
    'pkg:pypi/django@4.2',
    'pkg:deb/debian/curl@7.50.3-1?arch=i386&distro=jessie',
    'pkg:github/package-url/purl-spec@244fd47e07d1004#everybody/loves/dogs',
  ])('accepts %s', (s) => expect(purlError(s)).toBeNull());

  it.each([
    ['not-a-purl', 'missing required "pkg" scheme component'],
    ['pkg:npm/', '"name" is a required component'],
    ['pkg:maven/log4j-core@2', 'maven requires a "namespace" component'],
    ['https://example.com/x', 'pkg'],
  ])('refuses %s, saying why', (s, why) => {
    const error = purlError(s);
    expect(error).toMatch(/^Not a valid package URL \(e\.g\. pkg:npm\/%40scope\/name@1\.0\.0\)/);
    expect(error).toContain(why);
    expect(isPurl(s)).toBe(false);
  });

  it('compares by the canonical form and swaps versions', () => {
    expect(canonicalPurl('pkg:NPM/Foo@1')).toBe('pkg:npm/foo@1');
    expect(purlVersion('pkg:generic/acme/widget')).toBeUndefined();
    expect(purlWithVersion('pkg:generic/acme/widget?arch=x64', '2.0')).toBe(
      'pkg:generic/acme/widget@2.0?arch=x64',
    );
  });
});
