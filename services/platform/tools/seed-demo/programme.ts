// The programme's fifty cases, the same on every run: a deterministic walk over vendors, products, flaws
// and people. The newest are pending in triage, then active ones, then closed ones (the oldest); each
// story says who reported it, which vendors it concerns, who owns it and, for the active ones, how far the
// work has come (see `work` below).
import { type ReportFormValues, emptyReportForm, emptyVulnerability } from '@cvdp/core';
import { COORDINATOR, REPORTER, VENDORS, type Vendor } from './people.ts';

export interface Flaw {
  title: string;
  cwe: string;
  vector: string;
  tag: string;
}

const FLAWS: Flaw[] = [
  { title: 'SQL injection in {c}', cwe: 'CWE-89', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N', tag: 'web' }, // prettier-ignore
  { title: 'Stored XSS in {c}', cwe: 'CWE-79', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:P/VC:L/VI:L/VA:N/SC:L/SI:L/SA:N', tag: 'web' }, // prettier-ignore
  { title: 'Path traversal in {c}', cwe: 'CWE-22', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:H/VI:N/VA:N/SC:N/SI:N/SA:N', tag: 'web' }, // prettier-ignore
  { title: 'Hard-coded credentials in {c}', cwe: 'CWE-798', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', tag: 'iot' }, // prettier-ignore
  { title: 'Missing authentication for {c}', cwe: 'CWE-306', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H', tag: 'ics' }, // prettier-ignore
  { title: 'OS command injection in {c}', cwe: 'CWE-78', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', tag: 'iot' }, // prettier-ignore
  { title: 'Out-of-bounds write in {c}', cwe: 'CWE-787', vector: 'CVSS:4.0/AV:N/AC:H/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', tag: 'memory' }, // prettier-ignore
  { title: 'Cross-site request forgery in {c}', cwe: 'CWE-352', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:A/VC:N/VI:H/VA:N/SC:N/SI:N/SA:N', tag: 'web' }, // prettier-ignore
  { title: 'Server-side request forgery in {c}', cwe: 'CWE-918', vector: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:H/VI:N/VA:N/SC:H/SI:N/SA:N', tag: 'cloud' }, // prettier-ignore
  { title: 'Unsafe deserialization in {c}', cwe: 'CWE-502', vector: 'CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', tag: 'web' }, // prettier-ignore
  { title: 'Certificate validation bypass in {c}', cwe: 'CWE-295', vector: 'CVSS:4.0/AV:A/AC:H/AT:N/PR:N/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N', tag: 'crypto' }, // prettier-ignore
  { title: 'Integer overflow in {c}', cwe: 'CWE-190', vector: 'CVSS:4.0/AV:L/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N', tag: 'memory' }, // prettier-ignore
];

const COMPONENTS = [
  'the login form',
  'the firmware update service',
  'the admin console',
  'the CSV export',
  'the REST API',
  'the web interface',
  'the backup agent',
  'the search page',
  'the image upload',
  'the SNMP agent',
  'the password reset flow',
  'the plugin loader',
  'the report generator',
];

export const REPORTERS = [
  REPORTER,
  'ravi@demo.cvdp.test',
  'mia@demo.cvdp.test',
  'oscar@demo.cvdp.test',
  'lena@demo.cvdp.test',
];
export const COORDINATORS = [COORDINATOR, 'cole@demo.cvdp.test', 'dana@demo.cvdp.test'];
const CASES = 50;
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export type Fate = 'pending' | 'active' | 'closed';

export interface Story {
  index: number;
  key: string;
  fate: Fate;
  reporter: string;
  vendors: Vendor[];
  product: string;
  flaw: Flaw;
  component: string;
  /** Days before now the report came in. */
  daysAgo: number;
  owner: string;
  coOwner: string | null;
  resolution: string;
}

/** The programme, the same on every run: a deterministic walk over the lists above. */
export function stories(): Story[] {
  return Array.from({ length: CASES }, (_, i) => {
    // 12 pending (the newest), 22 active, 16 closed (the oldest), interleaved a little at the edges.
    const fate: Fate = i < 12 ? 'pending' : i < 34 ? 'active' : 'closed';
    const vendor = VENDORS[(i * 7) % VENDORS.length];
    const second = i % 6 === 0 ? VENDORS[(i * 7 + 2) % VENDORS.length] : null;
    const daysAgo =
      fate === 'pending'
        ? 0.1 + i * 1.6 // the last three weeks
        : fate === 'active'
          ? 8 + (i - 12) * 4.3 // one to four months
          : 95 + (i - 34) * 3.7; // three to five months
    return {
      index: i,
      key: `demo-case-${i + 1}`,
      fate,
      reporter: REPORTERS[i % 3 === 0 ? 0 : i % REPORTERS.length || 1],
      vendors: second ? [vendor, second] : [vendor],
      product: vendor.products[(i * 3) % vendor.products.length],
      flaw: FLAWS[(i * 5) % FLAWS.length],
      component: COMPONENTS[(i * 11) % COMPONENTS.length],
      daysAgo,
      owner: COORDINATORS[i % COORDINATORS.length],
      coOwner: i % 4 === 1 ? COORDINATORS[(i + 1) % COORDINATORS.length] : null,
      resolution: [
        'Fixed',
        'Fixed',
        'Fixed',
        'Not a vulnerability',
        'Duplicate',
        'No response',
        'Fixed',
        'Other',
      ][i % 8],
    };
  });
}

export function reportOf(story: Story): ReportFormValues {
  const title = story.flaw.title.replace('{c}', story.component);
  return {
    ...emptyReportForm(),
    title: `${title} of ${story.product}`,
    product: story.product,
    notified: story.index % 3 === 0 ? 'Yes' : 'No',
    vendor_contact: story.vendors[0].contact,
    disclosure_plans: 'Yes',
    disclosure_details: 'We plan to publish 90 days after the vendor is notified, or when a fix is released.',
    vulnerabilities: [
      {
        ...emptyVulnerability(),
        description:
          `${title} of ${story.product}: an attacker can abuse ${story.component} to reach data or functions ` +
          'they should not. Steps to reproduce and a proof of concept are available on request.',
        cwes: [story.flaw.cwe],
        showCvss: 'Yes',
        cvss: story.flaw.vector,
        disclosed: 'No',
        references: '',
        active_exploitation: story.index % 9 === 4 ? 'Yes' : 'No',
        exploit_proof: story.index % 9 === 4 ? 'Seen in the wild against an exposed instance.' : '',
      },
    ],
  };
}
