// Any accepted CVSS vector scored by its prefix: 4.0 with our engine, 3.1 and 3.0 with cvss3/.
import { describe, expect, it } from 'vitest';
import { CVSS_UNKNOWN_VERSION_MESSAGE, scoreCvssVector } from './score-any.ts';

describe('scoreCvssVector', () => {
  it('scores 4.0 with base, threat, environmental and supplemental metrics, normalised', () => {
    const base = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';
    expect(scoreCvssVector(base)).toEqual({
      ok: true,
      version: '4.0',
      vector: base,
      score: 9.3,
      severity: 'Critical',
    });
    expect(scoreCvssVector(`${base}/E:U`)).toMatchObject({ ok: true, score: 8.1, severity: 'High' });
    expect(scoreCvssVector(`${base}/MAV:P`)).toMatchObject({ ok: true, score: 7.0 });
    expect(scoreCvssVector(`${base}/CR:X/S:P/AU:Y/R:I/V:C/RE:H/U:Red`)).toMatchObject({
      ok: true,
      score: 9.3,
      vector: `${base}/S:P/AU:Y/R:I/V:C/RE:H/U:Red`,
    });
    expect(scoreCvssVector(`  ${base}  `)).toMatchObject({ ok: true, vector: base });
  });

  it('scores 3.1 and 3.0', () => {
    expect(scoreCvssVector('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N')).toEqual({
      ok: true,
      version: '3.1',
      vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N',
      score: 7.5,
      severity: 'High',
    });
    expect(scoreCvssVector('CVSS:3.0/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N')).toMatchObject({
      ok: true,
      version: '3.0',
      score: 6.1,
      severity: 'Medium',
    });
  });

  it('names the metric of an invalid vector', () => {
    expect(scoreCvssVector('CVSS:4.0/AV:Q/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N')).toEqual({
      ok: false,
      metric: 'AV',
      message: "AV: invalid metric value 'AV:Q': AV takes N, A, L, P",
    });
    // A 3.1 vector sent as 4.0: 4.0 has no S and needs AT.
    const asV4 = scoreCvssVector('CVSS:4.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H');
    expect(asV4).toMatchObject({ ok: false, metric: 'AT' });
    expect(!asV4.ok && asV4.message).toMatch(/^AT: /);
    expect(scoreCvssVector('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:Q')).toMatchObject({
      ok: false,
      metric: 'A',
      message: expect.stringMatching(/^A: /),
    });
  });

  it('refuses other versions and text that is no vector', () => {
    for (const v of ['', 'hello', 'CVSS:2.0/AV:N', 'AV:N/AC:L/Au:N/C:P/I:P/A:P', 'cvss:3.1/AV:N']) {
      expect(scoreCvssVector(v)).toEqual({ ok: false, message: CVSS_UNKNOWN_VERSION_MESSAGE });
    }
    expect(scoreCvssVector('CVSS:4.0/')).toMatchObject({ ok: false });
  });
});
