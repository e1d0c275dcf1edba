import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CVE_ID_MESSAGE,
  CVE_TAKEN_MESSAGE,
  JUSTIFICATION_REQUIRED,
  type CvssScore,
  type VendorStatusGrid,
  type Vulnerability,
} from '@cvdp/core';
import { VULS_PAGE_SIZE } from '../api/index.ts';
import { fakeVulCalls } from '../test-utils.ts';
import { VulnerabilitiesTab } from './VulnerabilitiesTab.tsx';

/** The first render loads the components: give it time on a busy machine. */
const SLOW = { timeout: 5000 };

// The CWE picker talks to the catalogue; a plain input stands in for it.
vi.mock('../../cwe/index.ts', () => ({
  CweField: ({ id, value, onChange }: { id: string; value: string[]; onChange(v: string[]): void }) => (
    <input
      id={id}
      value={value.join(',')}
      onChange={(e) => onChange(e.target.value.split(',').filter(Boolean))}
    />
  ),
}));
// The calls are answered at the API client, under the real hooks: each test says what the server answers
// and checks what was sent.
let calls: ReturnType<typeof fakeVulCalls>;
beforeEach(() => {
  calls = fakeVulCalls();
});
afterEach(() => vi.restoreAllMocks());

const score = (version: CvssScore['version'], value: number, severity: string): CvssScore => ({
  version,
  vector: `CVSS:${version}/…`,
  score: value,
  severity,
  source: 'coordinator',
  scored_by: { id: 1, name: 'Cora' },
  scored_at: '2026-05-01T10:00:00Z',
});

const vul = (id: number, over: Partial<Vulnerability> = {}): Vulnerability => ({
  id,
  case: 5,
  local_id: id,
  label: `VU#5.${id}`,
  title: `Flaw ${id}`,
  description: 'The upload handler trusts the file name.',
  cwes: [],
  cwe_names: {},
  cve: null,
  references: [],
  tags: [],
  attributes: {},
  attribute_names: {},
  cvss_scores: [],
  ssvc: null,
  created: '2026-05-01T10:00:00Z',
  modified: '2026-05-01T10:00:00Z',
  created_by: { id: 1, name: 'Cora' },
  ...over,
});

const emptyGrid: VendorStatusGrid = { vendors: [], vuls: [], cells: [] };

const staffAs = (staff: boolean) =>
  calls.fetchCaseCallerMetadata.mockResolvedValue({
    case: 5,
    staff,
    role: staff ? 'owner' : 'vendor',
    roles: [],
    permissions: {} as never,
  });

function apiError(status: number, data: { detail?: string; errors?: Record<string, string[]> }) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_REQUEST',
    config,
    {},
    {
      status,
      statusText: '',
      headers: {},
      config,
      data,
    },
  );
}

function renderTab(path = '/cvdp/cases/5/vulnerabilities') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <VulnerabilitiesTab caseId={5} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('VulnerabilitiesTab', () => {
  it('says there are none yet, and offers no staff action to a vendor', async () => {
    staffAs(false);
    calls.fetchVuls.mockResolvedValue([]);
    calls.fetchVendorStatus.mockResolvedValue(emptyGrid);
    renderTab();
    expect(await screen.findByText('No vulnerabilities yet.', undefined, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('No vendors take part in this case yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create from report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New vulnerability' })).not.toBeInTheDocument();
  });

  it('lists label, title, CVE, CWE badges, a CVSS badge per version in the severity colours, and the SSVC outcome', async () => {
    staffAs(false);
    calls.fetchVendorStatus.mockResolvedValue(emptyGrid);
    calls.fetchVuls.mockResolvedValue([
      vul(1, {
        cve: 'CVE-2026-1234',
        cwes: ['CWE-79', 'CWE-89'],
        cwe_names: { 'CWE-79': 'Cross-site Scripting', 'CWE-89': 'SQL Injection' },
        cvss_scores: [score('3.1', 5.3, 'Medium'), score('4.0', 9.3, 'Critical')],
        ssvc: {
          id: 3,
          table: 'cisa-coordinator',
          table_name: 'CISA Coordinator',
          table_version: '2.0.3',
          values: {},
          outcome: 'AT',
          outcome_name: 'Attend',
          vector: 'SSVCv2/E:A/',
          selection_list: {},
          decided_by: null,
          decided_at: '2026-05-01T10:00:00Z',
          removed: false,
        },
      }),
      vul(2, { cvss_scores: [score('4.0', 2.1, 'Low')] }),
    ]);
    renderTab();
    const list = await screen.findByRole('list', { name: 'Vulnerabilities of the case' }, SLOW);
    // One call covers the case's vulnerabilities.
    expect(calls.fetchVuls).toHaveBeenCalledWith(5, VULS_PAGE_SIZE);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first).getByRole('button', { name: 'VU#5.1' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Flaw 1');
    expect(first).toHaveTextContent('CVE-2026-1234');
    expect(within(first).getByText('CWE-79')).toHaveAttribute('title', 'Cross-site Scripting');
    expect(within(first).getByText('CWE-89')).toBeInTheDocument();
    expect(within(first).getByText(/CVSS 4\.0: 9\.3 CRITICAL/)).toHaveClass('bg-danger');
    expect(within(first).getByText(/CVSS 3\.1: 5\.3 MEDIUM/)).toHaveClass('bg-warning');
    expect(within(first).getByText('Attend')).toHaveAttribute('title', 'SSVC CISA Coordinator: Attend');
    expect(within(second).getByText(/CVSS 4\.0: 2\.1 LOW/)).toHaveClass('bg-success');
    expect(second).toHaveTextContent('No CVE');
  });

  it('creates vulnerabilities from the report for staff and says how many', async () => {
    staffAs(true);
    calls.fetchVendorStatus.mockResolvedValue(emptyGrid);
    calls.fetchVuls.mockResolvedValueOnce([]).mockResolvedValue([vul(1), vul(2)]);
    calls.createVulsFromReport.mockResolvedValue({ created: [vul(1), vul(2)], skipped: 0 });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Create from report' }, SLOW));
    expect(await screen.findByText('2 vulnerabilities created from the report.')).toBeInTheDocument();
    expect(calls.createVulsFromReport).toHaveBeenCalledWith(5);
    expect(await screen.findByRole('button', { name: 'VU#5.2' })).toBeInTheDocument();
  });

  it('checks a new vulnerability with the shared schema, then shows the server field messages', async () => {
    staffAs(true);
    calls.fetchVendorStatus.mockResolvedValue(emptyGrid);
    calls.fetchVuls.mockResolvedValue([]);
    calls.createVul.mockRejectedValue(
      apiError(400, { detail: 'Invalid input', errors: { cve: [CVE_TAKEN_MESSAGE] } }),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'New vulnerability' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'New vulnerability' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create vulnerability' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Stored XSS in the profile page.');
    await userEvent.type(within(dialog).getByLabelText('CVE'), 'CVE-26-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create vulnerability' }));
    expect(await within(dialog).findByText(CVE_ID_MESSAGE)).toBeInTheDocument();
    expect(calls.createVul).not.toHaveBeenCalled();

    await userEvent.clear(within(dialog).getByLabelText('CVE'));
    await userEvent.type(within(dialog).getByLabelText('CVE'), 'cve-2026-1234');
    await userEvent.type(
      within(dialog).getByLabelText('References'),
      'https://example.com/a\n\nhttps://example.com/b',
    );
    await userEvent.type(within(dialog).getByLabelText('Tags'), 'web, auth');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create vulnerability' }));
    expect(await within(dialog).findByText(CVE_TAKEN_MESSAGE)).toBeInTheDocument();
    expect(calls.createVul).toHaveBeenCalledWith(5, {
      title: '',
      description: 'Stored XSS in the profile page.',
      cwes: [],
      cve: 'CVE-2026-1234',
      references: ['https://example.com/a', 'https://example.com/b'],
      tags: ['web', 'auth'],
    });
  });

  it('shows the server reason when there is no VEX to download', async () => {
    staffAs(false);
    calls.fetchVendorStatus.mockResolvedValue(emptyGrid);
    calls.fetchVuls.mockResolvedValue([vul(1)]);
    calls.fetchVex.mockRejectedValue(
      apiError(409, { detail: 'No vendor has given a status for this vulnerability yet.' }),
    );
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Download VEX of VU#5.1' }, SLOW));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No VEX for VU#5.1: No vendor has given a status for this vulnerability yet.',
    );
  });
});

describe('vendor status grid', () => {
  const grid: VendorStatusGrid = {
    vendors: [
      { participant: 11, name: 'Acme PSIRT', can_edit: true },
      { participant: 12, name: 'Globex', can_edit: false },
    ],
    vuls: [
      { id: 1, local_id: 1, label: 'VU#5.1', title: 'Flaw 1', cve: null },
      { id: 2, local_id: 2, label: 'VU#5.2', title: 'Flaw 2', cve: 'CVE-2026-1' },
    ],
    cells: [
      {
        id: 90,
        vul: 1,
        participant: 12,
        status: 'not_affected',
        justification: 'component_not_present',
        product: 'Globex Router',
        affected_versions: '',
        fixed_versions: '',
        cpe: null,
        purl: null,
        statement: 'We do not ship the library.',
        updated_by: { id: 4, name: 'Gil' },
        updated: '2026-05-02T10:00:00Z',
      },
    ],
  };

  it('shows each cell in words, edits the caller’s own row and reads the others', async () => {
    staffAs(false);
    calls.fetchVuls.mockResolvedValue([vul(1), vul(2)]);
    calls.fetchVendorStatus.mockResolvedValue(grid);
    calls.saveVendorStatus.mockResolvedValue(grid.cells[0]);
    renderTab();
    const table = await screen.findByRole(
      'table',
      { name: 'Status of each vendor for each vulnerability' },
      SLOW,
    );
    const globex = within(table).getByRole('row', { name: /Globex/ });
    expect(within(globex).getAllByRole('button')[0]).toHaveTextContent('Not affected');
    expect(within(globex).getAllByRole('button')[0]).toHaveTextContent('Component not present');
    expect(within(globex).getAllByRole('button')[1]).toHaveTextContent('Unknown');

    // Someone else's row: read-only details.
    await userEvent.click(within(globex).getAllByRole('button')[0]);
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('We do not ship the library.');
    expect(within(dialog).queryByRole('button', { name: 'Save status' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Their own row: Not affected needs a justification before anything is sent.
    await userEvent.click(within(table).getByRole('button', { name: 'Acme PSIRT, VU#5.2: Unknown. Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Status: Acme PSIRT · VU#5.2' });
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Status/), 'Not affected');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save status' }));
    expect(await within(dialog).findByText(JUSTIFICATION_REQUIRED)).toBeInTheDocument();
    expect(calls.saveVendorStatus).not.toHaveBeenCalled();

    await userEvent.selectOptions(
      within(dialog).getByLabelText(/^Justification/),
      'Vulnerable code not present',
    );
    await userEvent.type(within(dialog).getByLabelText('Product'), 'Acme Widget');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save status' }));
    await waitFor(() =>
      expect(calls.saveVendorStatus).toHaveBeenCalledWith(5, {
        vul: 2,
        participant: 11,
        status: 'not_affected',
        justification: 'vulnerable_code_not_present',
        product: 'Acme Widget',
        affected_versions: '',
        fixed_versions: '',
        cpe: '',
        purl: '',
        statement: '',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a server field message (a bad CPE) under its field', async () => {
    staffAs(true);
    calls.fetchVuls.mockResolvedValue([vul(1)]);
    calls.fetchVendorStatus.mockResolvedValue({ ...grid, vuls: [grid.vuls[0]], cells: [] });
    calls.saveVendorStatus.mockRejectedValue(
      apiError(400, {
        detail: 'Invalid input',
        errors: { cpe: ["Not a CPE 2.3 name: the 'part' is missing."] },
      }),
    );
    renderTab();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Acme PSIRT, VU#5.1: Unknown. Edit' }, SLOW),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Status/), 'Affected');
    await userEvent.type(within(dialog).getByLabelText('CPE'), 'cpe:2.3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save status' }));
    expect(await within(dialog).findByText("Not a CPE 2.3 name: the 'part' is missing.")).toBeInTheDocument();
    expect(within(dialog).getByLabelText('CPE')).toHaveClass('is-invalid');
  });
});

describe('one vulnerability', () => {
  it('shows its CVSS scores as the server computed them and its SSVC history', async () => {
    staffAs(false);
    calls.fetchVuls.mockResolvedValue([
      vul(1, {
        cvss_scores: [
          score('4.0', 9.3, 'Critical'),
          { ...score('4.0', 8.7, 'High'), source: 'reporter', scored_by: null },
        ],
      }),
    ]);
    calls.fetchSsvcHistory.mockResolvedValue([]);
    renderTab('/cvdp/cases/5/vulnerabilities?vul=1');
    expect(await screen.findByRole('heading', { name: 'VU#5.1: Flaw 1' }, SLOW)).toBeInTheDocument();
    const cvss = screen.getByRole('region', { name: 'CVSS' });
    const rows = within(cvss).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('9.3CRITICAL');
    expect(rows[1]).toHaveTextContent('4.0 (reporter)');
    expect(rows[1]).toHaveTextContent('8.7HIGH');
    // Not staff: no calculator, no removal.
    expect(within(cvss).queryByRole('button', { name: /Save CVSS/ })).not.toBeInTheDocument();
    expect(within(cvss).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(await screen.findByText('No SSVC decision yet.')).toBeInTheDocument();
    expect(await screen.findByText('No decisions yet.')).toBeInTheDocument();
  });

  it('lets staff decide SSVC step by step and sends the table and values, never an outcome', async () => {
    staffAs(true);
    calls.fetchVuls.mockResolvedValue([vul(1)]);
    calls.fetchSsvcHistory.mockResolvedValue([]);
    calls.saveSsvc.mockRejectedValue(
      apiError(400, { detail: 'Invalid input', errors: { 'values.E': ['Not a value of Exploitation.'] } }),
    );
    renderTab('/cvdp/cases/5/vulnerabilities?vul=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Decide with SSVC' }, SLOW));
    const form = screen.getByRole('region', { name: 'SSVC decision' });
    const next = () => userEvent.click(within(form).getByRole('button', { name: 'Next' }));
    await userEvent.click(within(form).getByLabelText('CISA Coordinator 2.0.3'));
    await next();
    await userEvent.click(within(form).getByLabelText('Active'));
    await next();
    await userEvent.click(within(form).getByLabelText('Yes'));
    await next();
    await userEvent.click(within(form).getByLabelText('Total'));
    await next();
    await userEvent.click(within(form).getByLabelText('Essential'));
    expect(within(form).getByRole('status')).toHaveTextContent('Outcome: Act');
    await next();
    await userEvent.click(within(form).getByLabelText('Minimal'));
    await next();
    await userEvent.click(within(form).getByRole('button', { name: 'Save decision' }));
    await waitFor(() => expect(calls.saveSsvc).toHaveBeenCalledTimes(1));
    const [vulId, table, values, replace] = calls.saveSsvc.mock.calls[0];
    expect([vulId, table, replace]).toEqual([1, 'cisa-coordinator', false]);
    expect(values).toMatchObject({ E: 'A', A: 'Y', TI: 'T', MP: 'E', PWI: 'M' });
    expect(values).not.toHaveProperty('outcome');
    // The refusal is shown with what the server said about the decision point.
    expect(await screen.findByText('E: Not a value of Exploitation.')).toBeInTheDocument();
  });

  it('lets staff replace their CVSS score (a PATCH) and delete the vulnerability, back to the list', async () => {
    staffAs(true);
    const vector = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H';
    calls.fetchVuls.mockResolvedValue([vul(1, { cvss_scores: [score('3.1', 9.8, 'Critical')] }), vul(2)]);
    calls.fetchSsvcHistory.mockResolvedValue([]);
    calls.fetchVendorStatus.mockResolvedValue(emptyGrid);
    calls.fetchCveRecord.mockRejectedValue(apiError(404, { detail: 'Not found.' }));
    calls.saveCvss.mockResolvedValue({});
    calls.deleteVul.mockResolvedValue(undefined);
    renderTab('/cvdp/cases/5/vulnerabilities?vul=1');
    const field = await screen.findByRole('textbox', { name: 'CVSS v3.1 vector' }, SLOW);
    await userEvent.clear(field);
    await userEvent.type(field, vector);
    await userEvent.click(screen.getByRole('button', { name: 'Save CVSS 3.1 score' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(calls.saveCvss).toHaveBeenCalledWith(1, vector, true);
    // The scores are read again with the case's vulnerabilities.
    expect(calls.fetchVuls).toHaveBeenCalledTimes(2);

    calls.fetchVuls.mockResolvedValue([vul(2)]);
    await userEvent.click(screen.getByRole('button', { name: /^Delete vulnerability / }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete vulnerability' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const list = await screen.findByRole('list', { name: 'Vulnerabilities of the case' });
    expect(calls.deleteVul).toHaveBeenCalledWith(1);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('button', { name: 'VU#5.2' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the vulnerability's attribute values by name to any reader, and nothing for none", async () => {
    staffAs(false);
    calls.fetchVuls.mockResolvedValue([
      vul(1, {
        attributes: { '3': 'yes', '8': 12 },
        attribute_names: { '3': 'Exploited', '8': 'Affected devices' },
      }),
      vul(2),
    ]);
    calls.fetchSsvcHistory.mockResolvedValue([]);
    const { unmount } = renderTab('/cvdp/cases/5/vulnerabilities?vul=1');
    expect(await screen.findByRole('heading', { name: 'VU#5.1: Flaw 1' }, SLOW)).toBeInTheDocument();
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms).toEqual(expect.arrayContaining(['Exploited', 'Affected devices']));
    expect(screen.getByText('Exploited').nextElementSibling).toHaveTextContent('yes');
    expect(screen.getByText('Affected devices').nextElementSibling).toHaveTextContent('12');
    // The attribute list itself is for staff: a reader never asks for it.
    expect(calls.fetchVulAttributes).not.toHaveBeenCalled();
    unmount();

    renderTab('/cvdp/cases/5/vulnerabilities?vul=2');
    expect(await screen.findByRole('heading', { name: 'VU#5.2: Flaw 2' }, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Description',
      'CVE',
      'CWEs',
      'References',
      'Tags',
      'VEX',
    ]);
  });
});
