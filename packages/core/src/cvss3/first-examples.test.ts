// CVSS 3.1 and 3.0: the base scores FIRST publishes for the worked examples of its "CVSS v3.1: Examples"
// document (https://www.first.org/cvss/v3.1/examples), what 3.0 and 3.1 score differently, temporal and
// environmental values, and a strict parser whose errors name the metric.
import { describe, expect, it } from 'vitest';
import { Cvss3Error, parseCvss3, scoreCvss3 } from './index.ts';

// [example, vector, FIRST's base score, severity]
const FIRST_EXAMPLES: [string, string, number, string][] = [
  ['phpMyAdmin reflected XSS (CVE-2013-1937)', 'AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N', 6.1, 'Medium'],
  ['MySQL stored SQL injection (CVE-2013-0375)', 'AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N', 6.4, 'Medium'],
  ['SSLv3 POODLE (CVE-2014-3566)', 'AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N', 3.1, 'Low'],
  ['VMware guest to host escape (CVE-2012-1516)', 'AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H', 9.9, 'Critical'],
  ['Apache Tomcat XML parser (CVE-2009-0783)', 'AV:L/AC:L/PR:H/UI:N/S:U/C:L/I:L/A:L', 4.2, 'Medium'],
  [
    'Cisco IOS arbitrary command execution (CVE-2012-0384)',
    'AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H',
    7.2,
    'High',
  ],
  ['Apple iWork denial of service (CVE-2015-1098)', 'AV:L/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H', 7.8, 'High'],
  ['OpenSSL Heartbleed (CVE-2014-0160)', 'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N', 7.5, 'High'],
  ['GNU Bash Shellshock (CVE-2014-6271)', 'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 9.8, 'Critical'],
  ['DNS Kaminsky bug (CVE-2008-1447)', 'AV:N/AC:H/PR:N/UI:N/S:C/C:N/I:H/A:N', 6.8, 'Medium'],
  ['Sophos login screen bypass (CVE-2014-2005)', 'AV:P/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 6.8, 'Medium'],
  ['Joomla directory traversal (CVE-2010-0467)', 'AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:N/A:N', 5.8, 'Medium'],
  ['Cisco ASA VPN ACL bypass (CVE-2012-1342)', 'AV:N/AC:L/PR:N/UI:N/S:C/C:N/I:L/A:N', 5.8, 'Medium'],
  [
    'Juniper proxy ARP denial of service (CVE-2013-6014)',
    'AV:A/AC:L/PR:N/UI:N/S:C/C:H/I:N/A:H',
    9.3,
    'Critical',
  ],
  ['DokuWiki reflected XSS (CVE-2014-9253)', 'AV:N/AC:L/PR:L/UI:R/S:C/C:L/I:L/A:N', 5.4, 'Medium'],
  ['Microsoft Windows Bluetooth RCE (CVE-2011-1265)', 'AV:A/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 8.8, 'High'],
  ['Apple iOS security control bypass (CVE-2014-2019)', 'AV:P/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:N', 4.6, 'Medium'],
  ['SearchBlox CSRF (CVE-2015-0970)', 'AV:N/AC:L/PR:N/UI:R/S:U/C:H/I:H/A:H', 8.8, 'High'],
  ['SSL/TLS MITM (CVE-2014-0224)', 'AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:N', 7.4, 'High'],
  ['Google Chrome sandbox bypass (CVE-2012-5376)', 'AV:N/AC:L/PR:N/UI:R/S:C/C:H/I:H/A:H', 9.6, 'Critical'],
  ['Samba Badlock (CVE-2016-0128 / CVE-2016-2118)', 'AV:N/AC:H/PR:N/UI:R/S:U/C:H/I:H/A:N', 6.8, 'Medium'],
  ['Oracle Outside In (CVE-2016-5558)', 'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:L', 8.6, 'High'],
  ['Lenovo ThinkPwn (CVE-2016-5729)', 'AV:L/AC:L/PR:H/UI:N/S:C/C:H/I:H/A:H', 8.2, 'High'],
  ['Intel DCI (CVE-2018-3652)', 'AV:P/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', 7.6, 'High'],
  ['Cantemo Portal stored XSS (CVE-2019-7551)', 'AV:N/AC:L/PR:L/UI:R/S:C/C:H/I:H/A:H', 9.0, 'Critical'],
];

describe("FIRST's CVSS 3.1 examples", () => {
  it.each(FIRST_EXAMPLES)('%s: %s → %d %s', (_name, metrics, score, severity) => {
    const result = scoreCvss3(`CVSS:3.1/${metrics}`);
    expect(result).toMatchObject({ version: '3.1', baseScore: score, score, severity });
    expect(result.vector).toBe(`CVSS:3.1/${metrics}`);
    expect(result.temporalScore).toBeNull();
    expect(result.environmentalScore).toBeNull();
  });

  it('3.0 gives the same base scores for these vectors (the versions differ in Roundup and modified impact)', () => {
    for (const [, metrics, score] of FIRST_EXAMPLES) {
      expect(scoreCvss3(`CVSS:3.0/${metrics}`)).toMatchObject({ version: '3.0', baseScore: score });
    }
  });
});

describe('temporal and environmental metrics', () => {
  it('scores the temporal group (Heartbleed-like 9.8 with E:U/RL:O/RC:R is 8.2)', () => {
    const r = scoreCvss3('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E:U/RL:O/RC:R');
    expect(r).toMatchObject({ baseScore: 9.8, temporalScore: 8.2, environmentalScore: null, score: 8.2 });
    expect(r.severity).toBe('High');
    expect(r.baseSeverity).toBe('Critical');
  });

  it('scores the environmental group, and 3.1 differs from 3.0 where its formula changed', () => {
    // Modified scope changed: 3.1's modified impact uses (MISS × 0.9731 − 0.02)^13, 3.0's (MISS − 0.02)^15.
    const tail = 'AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H/E:P/RL:O/RC:C/CR:H/MAV:N/MS:C';
    expect(scoreCvss3(`CVSS:3.1/${tail}`)).toMatchObject({
      baseScore: 7.8,
      temporalScore: 7.0,
      environmentalScore: 9.0,
      score: 9.0,
      severity: 'Critical',
    });
    expect(scoreCvss3(`CVSS:3.0/${tail}`)).toMatchObject({ environmentalScore: 8.9, severity: 'High' });
    const reqs = 'AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H/CR:H/IR:H/AR:H';
    expect(scoreCvss3(`CVSS:3.1/${reqs}`).environmentalScore).toBe(10);
    expect(scoreCvss3(`CVSS:3.0/${reqs}`).environmentalScore).toBe(9.9);
  });

  it('no impact is 0.0 None', () => {
    expect(scoreCvss3('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N')).toMatchObject({
      score: 0,
      severity: 'None',
    });
  });
});

describe('parsing', () => {
  it('accepts metrics in any order and normalises to FIRST order, leaving out X', () => {
    expect(parseCvss3('CVSS:3.1/A:H/I:H/C:H/S:U/UI:N/PR:N/AC:L/AV:N/E:X/MAV:L').vector).toBe(
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/MAV:L',
    );
  });

  const errorOf = (vector: string) => {
    try {
      parseCvss3(vector);
    } catch (error) {
      expect(error).toBeInstanceOf(Cvss3Error);
      return { metric: (error as Cvss3Error).metric, message: (error as Cvss3Error).message };
    }
    throw new Error(`${vector} was accepted`);
  };

  it.each([
    ['CVSS:3.1/AV:Q/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'AV', /^AV: Attack Vector takes N, A, L, P, not 'Q'\.$/],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H', 'A', /^A: the base metric Availability is missing\.$/],
    ['CVSS:3.1/AV:N/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'AV', /^AV: appears more than once\.$/],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/AT:N', 'AT', /^AT: not a CVSS 3\.1 metric\.$/],
    ['CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'AV', /^AV: /],
    ['CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E', 'E', /^E: 'E' is not E:VALUE\.$/],
    ['CVSS:3.1/AV:n/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'AV', /^AV: /],
  ])('%s → names %s', (vector, metric, message) => {
    const e = errorOf(vector);
    expect(e.metric).toBe(metric);
    expect(e.message).toMatch(message);
  });

  it('refuses other prefixes and broken structure without a metric', () => {
    expect(errorOf('CVSS:4.0/AV:N').metric).toBeUndefined();
    expect(errorOf('AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H').metric).toBeUndefined();
    expect(errorOf('CVSS:3.1/').message).toBe('No metrics after CVSS:3.1/.');
    expect(errorOf('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/').message).toBe("Trailing '/'.");
  });
});
