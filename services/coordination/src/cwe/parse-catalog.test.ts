// The parser against MITRE's real 4.15 release (shipped in cwe-sdk) and against small hand-written catalogues
// for the cases 4.15 does not exercise.
import { beforeAll, describe, expect, it } from 'vitest';
import { readBundledCweXml } from './bundled-catalog.ts';
import {
  CweCatalogFormatError,
  type CweCatalogEntry,
  type ParsedCweCatalog,
  parseCweCatalog,
} from './parse-catalog.ts';
import { compareCweVersions } from './catalog-version.ts';
import { xhtmlToText } from './xhtml-text.ts';

describe('the bundled CWE 4.15 release', () => {
  let catalog: ParsedCweCatalog;
  let byId: Map<number, CweCatalogEntry>;
  beforeAll(async () => {
    catalog = parseCweCatalog(await readBundledCweXml());
    byId = new Map(catalog.entries.map((e) => [e.id, e]));
  });
  const kindCount = (kind: string) => catalog.entries.filter((e) => e.kind === kind).length;

  it('reads version, date and every entry', () => {
    expect(catalog.version).toBe('4.15');
    expect(catalog.date).toBe('2024-07-16');
    expect(kindCount('weakness')).toBe(964);
    expect(kindCount('category')).toBe(409);
    expect(kindCount('view')).toBe(54);
  });

  it('inverts ChildOf into children (views 1000 and 1003)', () => {
    const injection = byId.get(74)!;
    expect(injection.children).toEqual(expect.arrayContaining([77, 78, 79, 89, 91, 93, 94]));
    // View 1000 only: 75, 943 …; view 1003 only: 78, 89 (in view 1000 they sit under 77 and 943).
    expect(injection.children).toEqual(expect.arrayContaining([75, 943, 1236]));
    expect(byId.get(77)!.children).toContain(78);
    expect(byId.get(78)!.parents).toEqual([74, 77]);
    expect(byId.get(79)!.children).toEqual([80, 81, 83, 84, 85, 86, 87]);
    // Pillars have no parent.
    expect(byId.get(707)!.parents).toEqual([]);
  });

  it('keeps parents and children mutually inverse and sorted', () => {
    for (const entry of catalog.entries) {
      expect(entry.children).toEqual([...entry.children].sort((a, b) => a - b));
      for (const child of entry.children) expect(byId.get(child)!.parents).toContain(entry.id);
    }
  });

  it('reads usage from Mapping_Notes', () => {
    expect(byId.get(20)!.usage).toBe('Discouraged');
    expect(byId.get(79)!.usage).toBe('Allowed');
    const counts: Record<string, number> = {};
    for (const e of catalog.entries.filter((x) => x.kind === 'weakness'))
      counts[e.usage] = (counts[e.usage] ?? 0) + 1;
    expect(counts).toEqual({ Allowed: 752, 'Allowed-with-Review': 86, Prohibited: 84, Discouraged: 42 });
  });

  it("keeps MITRE's mapping notes as plain text, for every entry", () => {
    expect(byId.get(20)).toMatchObject({
      mappingRationale: expect.stringMatching(/^CWE-20 is commonly misused/),
      mappingComments: expect.stringContaining('lower-level children'),
    });
    expect(byId.get(1)!.mappingRationale).toMatch(/^This CWE has been deprecated\. It is also a Category\./);
    expect(catalog.entries.every((e) => e.mappingRationale !== '')).toBe(true);
    // A few comments are XHTML paragraphs (CWE-1420's even has an image): text only, on one line.
    expect(byId.get(1420)!.mappingComments).toMatch(/^A vulnerability should only map to CWE-1420 if/);
    expect(catalog.entries.some((e) => /[<\n]/.test(e.mappingComments + e.mappingRationale))).toBe(false);
  });

  it('gives categories and views their own usage (Prohibited) and keeps them out of the slice', () => {
    const others = catalog.entries.filter((e) => e.kind !== 'weakness');
    expect(new Set(others.map((e) => e.usage))).toEqual(new Set(['Prohibited']));
    expect(others.filter((e) => e.slice1003)).toEqual([]);
    expect(byId.get(1003)).toMatchObject({
      kind: 'view',
      name: 'Weaknesses for Simplified Mapping of Published Vulnerabilities',
    });
    expect(byId.get(1)).toMatchObject({ kind: 'category', status: 'Deprecated', abstraction: null });
  });

  it('marks the 130 entries of the NVD slice (view 1003)', () => {
    const slice = catalog.entries.filter((e) => e.slice1003);
    expect(slice).toHaveLength(130);
    expect(byId.get(79)!.slice1003).toBe(true); // ChildOf 74 in view 1003
    expect(byId.get(20)!.slice1003).toBe(true); // Has_Member of view 1003
    expect(byId.get(80)!.slice1003).toBe(false);
  });

  it('stores plain-text descriptions, abstraction and status', () => {
    expect(byId.get(79)).toMatchObject({
      name: "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')",
      description:
        'The product does not neutralize or incorrectly neutralizes user-controllable input before it is placed in output that is used as a web page that is served to other users.',
      abstraction: 'Base',
      status: 'Stable',
      alternateTerms: expect.arrayContaining(['XSS']) as string[],
    });
    for (const e of catalog.entries) {
      expect(e.description).not.toMatch(/<\/?[a-z]|\s{2}|&(amp|lt|gt);/);
      expect(e.name).not.toBe('');
    }
    // Entities in attributes are decoded.
    expect(catalog.entries.some((e) => e.name.includes(' & '))).toBe(true);
  });
});

const catalogXml = (body: string, attrs = 'Version="9.1" Date="2030-01-02"') =>
  `<?xml version="1.0" encoding="UTF-8"?><Weakness_Catalog Name="CWE" ${attrs} xmlns="http://cwe.mitre.org/cwe-7" xmlns:xhtml="http://www.w3.org/1999/xhtml">${body}</Weakness_Catalog>`;

describe('parseCweCatalog on hand-written catalogues', () => {
  const small = catalogXml(`
    <Weaknesses>
      <Weakness ID="10" Name="Parent" Abstraction="Class" Status="Draft">
        <Description><xhtml:p>First &amp; <xhtml:b>bold</xhtml:b></xhtml:p><xhtml:p>second&#46;</xhtml:p></Description>
        <Mapping_Notes><Usage>Allowed-with-Review</Usage><Rationale>Abstract &amp; wide.</Rationale><Comments><xhtml:p>Look at</xhtml:p> <xhtml:p>children.</xhtml:p></Comments></Mapping_Notes>
      </Weakness>
      <Weakness ID="11" Name="Only child" Abstraction="Base" Status="Draft">
        <Description>Child.</Description>
        <Related_Weaknesses><Related_Weakness Nature="ChildOf" CWE_ID="10" View_ID="1000" Ordinal="Primary"/></Related_Weaknesses>
      </Weakness>
      <Weakness ID="12" Name="Other view" Abstraction="Base" Status="Deprecated">
        <Description>Old.</Description>
        <Related_Weaknesses><Related_Weakness Nature="ChildOf" CWE_ID="10" View_ID="699"/></Related_Weaknesses>
      </Weakness>
    </Weaknesses>
    <Categories>
      <Category ID="20" Name="A category" Status="Draft"><Summary>Grouping.</Summary></Category>
    </Categories>
    <Views>
      <View ID="1003" Name="Slice" Type="Graph" Status="Draft">
        <Objective>Mapping.</Objective>
        <Members><Has_Member CWE_ID="20" View_ID="1003"/></Members>
      </View>
    </Views>`);

  it('handles a single Related_Weakness and a single Has_Member', () => {
    const { entries, version, date } = parseCweCatalog(small);
    expect({ version, date }).toEqual({ version: '9.1', date: '2030-01-02' });
    const byId = new Map(entries.map((e) => [e.id, e]));
    expect(byId.get(10)!.children).toEqual([11]);
    expect(byId.get(11)!.parents).toEqual([10]);
    expect(byId.get(12)!.parents).toEqual([]); // view 699 is not part of the hierarchy
  });

  it('puts a category in the slice when view 1003 lists it', () => {
    const byId = new Map(parseCweCatalog(small).entries.map((e) => [e.id, e]));
    expect(byId.get(20)).toMatchObject({ kind: 'category', slice1003: true, description: 'Grouping.' });
  });

  it('strips XHTML and decodes entities in descriptions', () => {
    expect(parseCweCatalog(small).entries[0].description).toBe('First & bold second.');
  });

  it('falls back to MITRE mapping rules when a release has no Mapping_Notes', () => {
    const byId = new Map(parseCweCatalog(small).entries.map((e) => [e.id, e]));
    expect(byId.get(10)!.usage).toBe('Allowed-with-Review'); // from the notes
    expect(byId.get(11)!.usage).toBe('Allowed');
    expect(byId.get(12)!.usage).toBe('Prohibited'); // deprecated
    expect(byId.get(20)!.usage).toBe('Prohibited'); // category
    expect(byId.get(1003)!.usage).toBe('Prohibited'); // view
    expect(byId.get(10)).toMatchObject({
      mappingRationale: 'Abstract & wide.',
      mappingComments: 'Look at children.',
    });
    expect(byId.get(11)).toMatchObject({ mappingRationale: '', mappingComments: '' });
  });

  it('refuses files that are not a CWE catalogue', () => {
    expect(() => parseCweCatalog('<html><body>nope</body></html>')).toThrow(CweCatalogFormatError);
    expect(() => parseCweCatalog(catalogXml('<Weaknesses></Weaknesses>'))).toThrow('no weaknesses');
    expect(() => parseCweCatalog(catalogXml('<Weaknesses/>', 'Date="2030-01-02"'))).toThrow(/Version/);
    const duplicate = catalogXml(
      '<Weaknesses><Weakness ID="1" Name="a" Status="Draft"/></Weaknesses><Categories><Category ID="1" Name="b" Status="Draft"/></Categories>',
    );
    expect(() => parseCweCatalog(duplicate)).toThrow('CWE-1 appears twice');
    const badId = catalogXml('<Weaknesses><Weakness ID="x" Name="a" Status="Draft"/></Weaknesses>');
    expect(() => parseCweCatalog(badId)).toThrow(CweCatalogFormatError);
  });
});

describe('xhtmlToText', () => {
  it('keeps words apart across tags and collapses whitespace', () => {
    expect(xhtmlToText('<xhtml:li>one</xhtml:li><xhtml:li>two</xhtml:li>\n\t three')).toBe('one two three');
    expect(xhtmlToText('a &lt;b&gt; &#x41; &quot;q&quot; &unknown;')).toBe('a <b> A "q" &unknown;');
  });
});

describe('compareCweVersions', () => {
  it('compares numerically', () => {
    expect(compareCweVersions('4.9', '4.15')).toBe(-1);
    expect(compareCweVersions('4.15', '4.15')).toBe(0);
    expect(compareCweVersions('5.0', '4.15')).toBe(1);
    expect(compareCweVersions('4.15.1', '4.15')).toBe(1);
  });
});
