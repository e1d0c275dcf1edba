// CPE search (base 2): CPE 2.3 names seen in the CVE records and added by scorers, searched by any part of the
// name. Choosing one shows its formatted-string binding parsed attribute by attribute and the vulnerabilities
// whose CPEs match it (100 a page, CPE matching wildcards), each linking to its scoring page. A query that
// starts like a CPE name but is not a valid one is explained. Scorers add CPE names below. The query, the
// chosen CPE and the pages live in the address (shareable, Back works).
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Col, Form, Row, Table } from 'react-bootstrap';
import { z } from 'zod';
import { CPE_ATTRIBUTES, type Cpe23, parseCpe23, unescapeCpeValue } from '@cvdp/core/cpe/index';
import { cpeCreateSchema } from '@cvdp/core/scoring/work';
import type { Cvss4Severity } from '@cvdp/core';
import { usePageTitle } from '../../lib/page-title.ts';
import { assign, useLatestSearchParams } from '../../lib/search-params.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { Pager } from '../../components/Pager.tsx';
import { ContrastBadge } from '../../components/ContrastBadge.tsx';
import { SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import { SeverityBadge } from '../cvss/index.ts';
import { CPE_VULS_PAGE_SIZE as VULS_PAGE_SIZE, useAddCpe, useCpeVuls, useCpes } from './api/index.ts';
import { ScoringNav } from './components/ScoringNav.tsx';

const PAGE_SIZE = 25;

const ATTRIBUTE_LABELS: Record<(typeof CPE_ATTRIBUTES)[number], string> = {
  part: 'Part',
  vendor: 'Vendor',
  product: 'Product',
  version: 'Version',
  update: 'Update',
  edition: 'Edition',
  language: 'Language',
  sw_edition: 'Software edition',
  target_sw: 'Target software',
  target_hw: 'Target hardware',
  other: 'Other',
};
const PARTS: Record<string, string> = { a: 'application', o: 'operating system', h: 'hardware' };

/** An attribute as people read it: ANY / NA spelled out, escapes removed, part named. */
export function readCpeValue(attribute: (typeof CPE_ATTRIBUTES)[number], value: string): string {
  if (value === '*') return 'ANY (*)';
  if (value === '-') return 'NA (-)';
  if (attribute === 'part') return `${PARTS[value] ?? value} (${value})`;
  return unescapeCpeValue(value);
}

/** The formatted-string binding, one attribute a row. */
export function CpeBinding({ cpe, labelledBy }: { cpe: Cpe23; labelledBy?: string }) {
  return (
    <Table size="sm" bordered className="w-auto mb-3" aria-labelledby={labelledBy}>
      <tbody>
        {CPE_ATTRIBUTES.map((a) => (
          <tr key={a}>
            <th scope="row" className="fw-normal text-body-secondary pe-3">
              {ATTRIBUTE_LABELS[a]}
            </th>
            <td className="text-break font-monospace">{readCpeValue(a, cpe[a])}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * What is wrong with a query written as a CPE 2.3 name (it starts with "cpe:"), or null. The start of a name
 * (`cpe:2.3:a:php_group`) is a fair search: the attributes it has are checked as if the rest were ANY.
 */
export function cpeQueryError(text: string): string | null {
  if (!text.toLowerCase().startsWith('cpe:')) return null;
  const parsed = parseCpe23(text);
  if (parsed.cpe) return null;
  const head = text.replace(/(?<!\\):+$/, '');
  const given = head.length <= 'cpe:2.3'.length ? 0 : head.slice('cpe:2.3:'.length).split(/(?<!\\):/).length;
  if (!head.startsWith('cpe:2.3') || given >= CPE_ATTRIBUTES.length) return parsed.error;
  const padded = `${given ? head : 'cpe:2.3'}${':*'.repeat(CPE_ATTRIBUTES.length - given)}`;
  return parseCpe23(padded).error ?? null;
}

/** Says what is wrong with a query written as a CPE 2.3 name, nothing otherwise. */
function InvalidCpeNote({ text }: { text: string }) {
  const error = cpeQueryError(text);
  if (!error) return null;
  return (
    <Alert variant="warning" className="small" data-testid="cpe-invalid">
      <strong>Not a valid CPE 2.3 name.</strong> {error} The search still looks for names containing this
      text.
    </Alert>
  );
}

function CpeVulnerabilities({ cpe, page, onPage }: { cpe: string; page: number; onPage(p: number): void }) {
  const vuls = useCpeVuls(cpe, page);
  return (
    <>
      <h3 className="h6" id="cpe-vuls-title">
        Vulnerabilities matching this CPE
      </h3>
      <ErrorAlert error={vuls.error} />
      <p className="small text-body-secondary" aria-live="polite">
        {vuls.data
          ? `${vuls.data.count} ${vuls.data.count === 1 ? 'vulnerability' : 'vulnerabilities'}`
          : vuls.isPending
            ? 'Loading…'
            : ''}
      </p>
      <div className="table-responsive">
        <Table size="sm" hover aria-labelledby="cpe-vuls-title" className="align-middle">
          <thead>
            <tr>
              <th scope="col">CVE</th>
              <th scope="col">Title</th>
              <th scope="col">Score</th>
              <th scope="col">KEV</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {vuls.data?.results.length === 0 && <NoDataRow colSpan={5} />}
            {vuls.data?.results.map((v) => (
              <tr key={v.id}>
                <td className="text-nowrap">
                  <Link to={`/cvdp/scoring/vuls/${v.cve_id}`}>{v.cve_id}</Link>
                </td>
                <td className="text-break" style={{ minWidth: '12rem' }}>
                  {v.title || v.description.slice(0, 120)}
                </td>
                <td className="text-nowrap">
                  {v.score !== null && v.severity ? (
                    <>
                      {v.score.toFixed(1)}{' '}
                      <SeverityBadge severity={v.severity.toUpperCase() as Cvss4Severity} />
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{v.kev ? <ContrastBadge bg="danger">KEV</ContrastBadge> : ''}</td>
                <td className="text-capitalize">{v.status}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {vuls.data && <Pager page={page} pageSize={VULS_PAGE_SIZE} count={vuls.data.count} onPage={onPage} />}
    </>
  );
}

function SelectedCpe({ cpe, page, onPage }: { cpe: string; page: number; onPage(p: number): void }) {
  const parsed = parseCpe23(cpe);
  const heading = useRef<HTMLHeadingElement>(null);
  // Choosing a CPE (in the list below) moves the focus to what it opened.
  useEffect(() => heading.current?.focus(), [cpe]);
  return (
    <section aria-labelledby="cpe-selected-title" className="mb-4 border rounded p-3">
      <h2 className="h5 text-break font-monospace" id="cpe-selected-title" tabIndex={-1} ref={heading}>
        {cpe}
      </h2>
      {parsed.cpe ? (
        <>
          <CpeBinding cpe={parsed.cpe} labelledBy="cpe-selected-title" />
          <CpeVulnerabilities cpe={cpe} page={page} onPage={onPage} />
        </>
      ) : (
        <Alert variant="warning">
          <strong>Not a valid CPE 2.3 name.</strong> {parsed.error}
        </Alert>
      )}
    </section>
  );
}

/** The name must parse as a CPE 2.3 formatted string before it is sent; an empty title is not sent. */
const addCpeFormSchema = z
  .object({ cpe: z.string(), title: z.string() })
  .superRefine((v, ctx) => {
    const value = v.cpe.trim();
    const error = value ? parseCpe23(value).error : 'This field is required.';
    if (error) ctx.addIssue({ code: 'custom', path: ['cpe'], message: error });
  })
  .transform((v) => ({ cpe: v.cpe.trim(), ...(v.title.trim() ? { title: v.title.trim() } : {}) }))
  .pipe(cpeCreateSchema);

function AddCpeForm({ onAdded }: { onAdded(cpe: string): void }) {
  const form = useZodForm(addCpeFormSchema, { defaultValues: { cpe: '', title: '' } });
  const add = useAddCpe();
  return (
    <section aria-labelledby="cpe-add-title" className="mt-4">
      <h2 className="h5" id="cpe-add-title">
        Add a CPE
      </h2>
      <ZodForm
        form={form}
        error={add.error}
        label="Add a CPE"
        onSubmit={(body) =>
          add.mutate(body, {
            onSuccess: (entry) => {
              form.reset();
              onAdded(entry.cpe);
            },
          })
        }
      >
        <Row className="g-2">
          <Col xs={12} md={7}>
            <TextField
              id="cpe-add-name"
              name="cpe"
              label="CPE 2.3 name"
              spellCheck={false}
              autoComplete="off"
              placeholder="cpe:2.3:a:vendor:product:1.0:*:*:*:*:*:*:*"
              help="The formatted string: cpe:2.3: then part, vendor, product, version, update, edition, language, software edition, target software, target hardware and other, separated by colons."
              className=""
            />
          </Col>
          <Col xs={12} md={5}>
            <TextField id="cpe-add-title-field" name="title" label="Title (optional)" className="" />
          </Col>
        </Row>
        <div className="d-flex flex-wrap gap-2 align-items-center mt-2">
          <SubmitButton pending={add.isPending}>Add CPE</SubmitButton>
          {add.isSuccess && (
            <span className="text-success-emphasis small text-break" role="status">
              Added {add.data.cpe}.
            </span>
          )}
        </div>
      </ZodForm>
    </section>
  );
}

export function CpePage() {
  usePageTitle('CPE search');
  const [search, update] = useLatestSearchParams();
  const query = search.get('query') ?? '';
  const page = Number(search.get('page') ?? '1') || 1;
  const selected = search.get('cpe') ?? '';
  const vulsPage = Number(search.get('vuls_page') ?? '1') || 1;
  const [text, setText] = useState(query);

  const set = (changes: Record<string, string>) => update(assign(changes));

  const names = useCpes(query, page, PAGE_SIZE);
  const queryIsCpe = !!parseCpe23(query).cpe;

  return (
    <div>
      <ScoringNav />
      <h1 className="h3">CPE search</h1>
      <Form
        role="search"
        className="mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          set({ query: text.trim(), page: '' });
        }}
      >
        <Row className="g-2 align-items-end">
          <Col xs={12} md={8}>
            <Form.Group controlId="cpe-query">
              <Form.Label className="small mb-1">CPE name or part of it</Form.Label>
              <Form.Control
                size="sm"
                type="search"
                spellCheck={false}
                value={text}
                placeholder="php, cpe:2.3:a:php_group:php, …"
                onChange={(e) => setText(e.target.value)}
              />
            </Form.Group>
          </Col>
          <Col xs="auto">
            <Button type="submit" size="sm">
              Search
            </Button>
          </Col>
        </Row>
      </Form>
      <InvalidCpeNote text={query} />
      {queryIsCpe && query !== selected && (
        <p>
          <Button size="sm" variant="outline-primary" onClick={() => set({ cpe: query, vuls_page: '' })}>
            Vulnerabilities matching {query}
          </Button>
        </p>
      )}
      {selected && (
        <SelectedCpe cpe={selected} page={vulsPage} onPage={(p) => set({ vuls_page: String(p) })} />
      )}
      <ErrorAlert error={names.error} />
      <p className="small text-body-secondary" aria-live="polite">
        {names.data
          ? `${names.data.count} CPE ${names.data.count === 1 ? 'name' : 'names'}`
          : names.isPending
            ? 'Loading…'
            : ''}
      </p>
      {/* Wider than a phone: while it is loading or finds nothing it holds no button to reach it by, so the
          scrolling box takes the focus itself (arrow keys scroll it). */}
      <div className="table-responsive" tabIndex={0} role="region" aria-label="CPE names, scrolling sideways">
        <Table size="sm" hover aria-label="CPE names" className="align-middle">
          <thead>
            <tr>
              <th scope="col">CPE</th>
              <th scope="col">Part</th>
              <th scope="col">Vendor</th>
              <th scope="col">Product</th>
              <th scope="col">Version</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {names.data?.results.length === 0 && <NoDataRow colSpan={6} />}
            {names.data?.results.map((c) => (
              <tr key={c.cpe} className={c.cpe === selected ? 'table-active' : undefined}>
                <td className="text-break" style={{ minWidth: '14rem' }}>
                  <Button
                    variant="link"
                    size="sm"
                    className="p-0 text-start text-break font-monospace"
                    aria-pressed={c.cpe === selected}
                    onClick={() => set({ cpe: c.cpe, vuls_page: '' })}
                  >
                    {c.cpe}
                  </Button>
                  {c.title && <div className="small text-body-secondary">{c.title}</div>}
                </td>
                <td>{c.part ? readCpeValue('part', c.part) : '—'}</td>
                <td className="text-break">{c.vendor ? readCpeValue('vendor', c.vendor) : '—'}</td>
                <td className="text-break">{c.product ? readCpeValue('product', c.product) : '—'}</td>
                <td className="text-break">{c.version ? readCpeValue('version', c.version) : '—'}</td>
                <td>{c.source === 'scorer' ? 'Added by a scorer' : 'CVE records'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {names.data && (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          count={names.data.count}
          onPage={(p) => set({ page: String(p) })}
        />
      )}
      <AddCpeForm onAdded={(cpe) => set({ cpe, vuls_page: '' })} />
    </div>
  );
}
