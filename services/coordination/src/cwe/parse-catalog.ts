// Pure parser: MITRE's official CWE XML (cwec_v*.xml, schema cwe-7) → the rows we store. No I/O here.
import { XMLParser } from 'fast-xml-parser';
import { xhtmlToText } from './xhtml-text.ts';

export type CweEntryKind = 'weakness' | 'category' | 'view';

export interface CweCatalogEntry {
  id: number;
  kind: CweEntryKind;
  name: string;
  description: string;
  usage: string;
  abstraction: string | null;
  status: string;
  /** ChildOf targets in views 1000 and 1003 (see HIERARCHY_VIEW_IDS). */
  parents: number[];
  /** The ChildOf relation of views 1000 and 1003, inverted. */
  children: number[];
  /** In view 1003, the slice NVD uses to map published vulnerabilities. */
  slice1003: boolean;
  /** MITRE's Alternate_Terms ('XSS' for CWE-79): searchable, not shown. */
  alternateTerms: string[];
  /** Mapping_Notes: why the usage is what it is, and what to map to instead ('' in releases without them). */
  mappingRationale: string;
  mappingComments: string;
}

export interface ParsedCweCatalog {
  version: string;
  /** Release date as written in the XML, yyyy-MM-dd. */
  date: string;
  entries: CweCatalogEntry[];
}

export class CweCatalogFormatError extends Error {
  override name = 'CweCatalogFormatError';
}

export const RESEARCH_VIEW_ID = 1000;
export const NVD_SLICE_VIEW_ID = 1003;

/**
 * Views whose ChildOf edges make the parent/child tree. View 1000 ("Research Concepts") is the
 * full hierarchy; view 1003 adds the shortcuts NVD maps with. In 4.15, CWE-78 (OS command
 * injection) and CWE-89 (SQL injection) are children of CWE-74 only in view 1003 (in view 1000 they
 * sit under 77 and 943), and a reporter expanding CWE-74 expects to find them there.
 */
export const HIERARCHY_VIEW_IDS: ReadonlySet<number> = new Set([RESEARCH_VIEW_ID, NVD_SLICE_VIEW_ID]);

// Elements that may occur once or many times: without this, a single child becomes an object
// (541 weaknesses have a single Related_Weakness).
const ARRAY_TAGS = new Set([
  'Weakness',
  'Category',
  'View',
  'Related_Weakness',
  'Has_Member',
  'Alternate_Term',
]);

// Text elements kept raw so their XHTML stays in order (we strip it ourselves), plus the big
// sub-trees we never read: not parsing them roughly halves the parse time.
const STOP_NODES = [
  'Description',
  'Summary',
  'Objective',
  'Extended_Description',
  'Background_Details',
  'Modes_Of_Introduction',
  'Common_Consequences',
  'Detection_Methods',
  'Potential_Mitigations',
  'Demonstrative_Examples',
  'Observed_Examples',
  'Taxonomy_Mappings',
  'Related_Attack_Patterns',
  'References',
  'Notes',
  'Content_History',
  'Applicable_Platforms',
  'Functional_Areas',
  'Affected_Resources',
  'Weakness_Ordinalities',
  'Audience',
  'Filter',
  // Mapping_Notes texts: a few Comments hold xhtml:p.
  'Rationale',
  'Comments',
].map((tag) => `*.${tag}`);

type XmlNode = Record<string, unknown>;

interface Relation {
  nature?: string;
  cweId?: string;
  viewId?: string;
}

function asNode(value: unknown): XmlNode {
  return value !== null && typeof value === 'object' ? (value as XmlNode) : {};
}

function asList(value: unknown): XmlNode[] {
  if (Array.isArray(value)) return value.map(asNode);
  return value === undefined ? [] : [asNode(value)];
}

/** A stop node is a raw string, or an object with '#text' when the element carries attributes. */
function rawText(value: unknown): string {
  if (typeof value === 'string') return value;
  const text = asNode(value)['#text'];
  return typeof text === 'string' ? text : '';
}

function attr(node: XmlNode, name: string): string | undefined {
  const value = node[name];
  return typeof value === 'string' ? value : undefined;
}

function parseId(value: string | undefined, where: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0)
    throw new CweCatalogFormatError(`${where}: bad CWE id ${String(value)}`);
  return id;
}

function mappingUsage(node: XmlNode): string | undefined {
  const usage = asNode(node.Mapping_Notes).Usage;
  return typeof usage === 'string' && usage.trim() ? usage.trim() : undefined;
}

function mappingText(node: XmlNode, tag: 'Rationale' | 'Comments'): string {
  return xhtmlToText(rawText(asNode(node.Mapping_Notes)[tag]));
}

/**
 * Releases before Mapping_Notes existed still need a usage. This follows MITRE's own rules:
 * categories, views and deprecated entries are never for mapping; pillars are too abstract.
 */
function fallbackUsage(kind: CweEntryKind, status: string, abstraction: string | null): string {
  if (kind !== 'weakness' || status === 'Deprecated') return 'Prohibited';
  if (abstraction === 'Pillar') return 'Discouraged';
  if (abstraction === 'Class') return 'Allowed-with-Review';
  return 'Allowed';
}

function alternateTerms(node: XmlNode): string[] {
  return asList(asNode(node.Alternate_Terms).Alternate_Term)
    .map((term) => xhtmlToText(rawText(term.Term)))
    .filter(Boolean);
}

function toRelation(node: XmlNode): Relation {
  return { nature: attr(node, 'Nature'), cweId: attr(node, 'CWE_ID'), viewId: attr(node, 'View_ID') };
}

function relations(node: XmlNode): Relation[] {
  return asList(asNode(node.Related_Weaknesses).Related_Weakness).map(toRelation);
}

function members(node: XmlNode, container: 'Relationships' | 'Members'): Relation[] {
  return asList(asNode(node[container]).Has_Member).map(toRelation);
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (tagName) => ARRAY_TAGS.has(tagName),
  stopNodes: STOP_NODES,
});

export function parseCweCatalog(xml: string): ParsedCweCatalog {
  let document: XmlNode;
  try {
    document = asNode(parser.parse(xml));
  } catch (err) {
    throw new CweCatalogFormatError(`Not well-formed XML: ${(err as Error).message}`);
  }
  const catalog = asNode(document.Weakness_Catalog);
  const version = attr(catalog, 'Version');
  const date = attr(catalog, 'Date');
  if (!version || !date) {
    throw new CweCatalogFormatError('Not a MITRE CWE catalogue: no <Weakness_Catalog Version=… Date=…> root');
  }
  const weaknesses = asList(asNode(catalog.Weaknesses).Weakness);
  const categories = asList(asNode(catalog.Categories).Category);
  const views = asList(asNode(catalog.Views).View);
  if (weaknesses.length === 0) throw new CweCatalogFormatError('The catalogue holds no weaknesses');

  const entries = new Map<number, CweCatalogEntry>();
  const add = (node: XmlNode, kind: CweEntryKind, descriptionTag: string): CweCatalogEntry => {
    const id = parseId(attr(node, 'ID'), kind);
    if (entries.has(id)) throw new CweCatalogFormatError(`CWE-${id} appears twice`);
    const status = attr(node, 'Status') ?? 'Incomplete';
    const abstraction = attr(node, 'Abstraction') ?? null;
    const entry: CweCatalogEntry = {
      id,
      kind,
      name: (attr(node, 'Name') ?? '').trim(),
      description: xhtmlToText(rawText(node[descriptionTag])),
      usage: mappingUsage(node) ?? fallbackUsage(kind, status, abstraction),
      abstraction,
      status,
      parents: [],
      children: [],
      slice1003: false,
      alternateTerms: alternateTerms(node),
      mappingRationale: mappingText(node, 'Rationale'),
      mappingComments: mappingText(node, 'Comments'),
    };
    entries.set(id, entry);
    return entry;
  };

  const childOf: Array<{ child: number; parent: number; view: number }> = [];
  for (const node of weaknesses) {
    const entry = add(node, 'weakness', 'Description');
    for (const relation of relations(node)) {
      if (relation.nature !== 'ChildOf') continue;
      childOf.push({
        child: entry.id,
        parent: parseId(relation.cweId, `CWE-${entry.id} ChildOf`),
        view: Number(relation.viewId),
      });
    }
  }
  const sliceMembers: number[] = [];
  for (const node of categories) add(node, 'category', 'Summary');
  for (const node of views) {
    const view = add(node, 'view', 'Objective');
    if (view.id !== NVD_SLICE_VIEW_ID) continue;
    for (const member of members(node, 'Members'))
      sliceMembers.push(parseId(member.cweId, 'View 1003 member'));
  }

  for (const { child, parent, view } of childOf) {
    if (view === NVD_SLICE_VIEW_ID) sliceMembers.push(child);
    if (!HIERARCHY_VIEW_IDS.has(view)) continue;
    const childEntry = entries.get(child);
    const parentEntry = entries.get(parent);
    // A dangling reference would be a MITRE data error; keep the rest of the catalogue usable.
    if (!childEntry || !parentEntry) continue;
    if (!childEntry.parents.includes(parent)) childEntry.parents.push(parent);
    if (!parentEntry.children.includes(child)) parentEntry.children.push(child);
  }
  for (const id of sliceMembers) {
    const entry = entries.get(id);
    if (entry) entry.slice1003 = true;
  }

  const sorted = [...entries.values()].sort((a, b) => a.id - b.id);
  for (const entry of sorted) {
    entry.parents.sort((a, b) => a - b);
    entry.children.sort((a, b) => a - b);
  }
  return { version, date, entries: sorted };
}
