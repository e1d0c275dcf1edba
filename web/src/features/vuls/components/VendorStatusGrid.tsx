// The vendor × vulnerability status grid: a row per vendor taking part, a column per vulnerability, each cell
// its status in colour and in words. A cell opens its details: editable on the rows the caller may set (staff:
// every row; a vendor's members: their own), read-only elsewhere.
import { useState } from 'react';
import { Table } from 'react-bootstrap';
import type { VendorStatusCell } from '@cvdp/core';
import { VENDOR_STATUS_LABELS, VEX_JUSTIFICATION_LABELS } from '@cvdp/core';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useVendorStatus } from '../api/index.ts';
import { VENDOR_STATUS_VARIANTS } from './badges.tsx';
import { VendorStatusModal, type CellTarget } from './VendorStatusModal.tsx';

export function VendorStatusGrid({ caseId }: { caseId: number }) {
  const grid = useVendorStatus(caseId);
  const [editing, setEditing] = useState<CellTarget | null>(null);
  const data = grid.data;
  const cells = new Map<string, VendorStatusCell>();
  for (const c of data?.cells ?? []) cells.set(`${c.participant}:${c.vul}`, c);

  return (
    <section aria-labelledby="vendor-status-title" className="mt-4">
      <h3 id="vendor-status-title" className="h5">
        Vendor status
      </h3>
      <ErrorAlert error={grid.error} />
      {data && data.vendors.length === 0 && (
        <p className="text-body-secondary">No vendors take part in this case yet.</p>
      )}
      {data && data.vendors.length > 0 && data.vuls.length === 0 && (
        <p className="text-body-secondary">No vulnerabilities yet: the grid has no columns.</p>
      )}
      {data && data.vendors.length > 0 && data.vuls.length > 0 && (
        <>
          <p className="text-body-secondary small">
            {data.vendors.some((v) => v.can_edit)
              ? 'Choose a cell to see or set its status.'
              : 'Choose a cell to see its details.'}
          </p>
          <Table size="sm" bordered responsive className="align-middle vendor-status-grid">
            <caption className="visually-hidden">Status of each vendor for each vulnerability</caption>
            <thead>
              <tr>
                <th scope="col" className="vendor-status-vendor">
                  Vendor
                </th>
                {data.vuls.map((v) => (
                  <th key={v.id} scope="col" className="text-nowrap" title={v.title || undefined}>
                    {v.label}
                    {v.cve && <div className="small fw-normal text-body-secondary">{v.cve}</div>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.vendors.map((vendor) => (
                <tr key={vendor.participant}>
                  <th scope="row" className="vendor-status-vendor">
                    {vendor.name}
                    {vendor.can_edit && <span className="visually-hidden"> (you may edit)</span>}
                  </th>
                  {data.vuls.map((vul) => {
                    const cell = cells.get(`${vendor.participant}:${vul.id}`) ?? null;
                    const status = cell?.status ?? 'unknown';
                    const variant = VENDOR_STATUS_VARIANTS[status];
                    const words = VENDOR_STATUS_LABELS[status];
                    const justification = cell?.justification
                      ? VEX_JUSTIFICATION_LABELS[cell.justification]
                      : '';
                    return (
                      <td key={vul.id} className="p-1 vendor-status-cell">
                        <button
                          type="button"
                          className={`btn btn-sm w-100 text-start status-cell status-${status} ${
                            vendor.can_edit ? 'btn-outline-primary' : 'btn-outline-secondary'
                          }`}
                          aria-label={`${vendor.name}, ${vul.label}: ${words}${
                            justification ? ` (${justification})` : ''
                          }${vendor.can_edit ? '. Edit' : ''}`}
                          onClick={() => setEditing({ vendor, vul, cell })}
                        >
                          <span className={`badge text-bg-${variant}`}>{words}</span>
                          {justification && (
                            <span className="d-block small text-body-secondary">{justification}</span>
                          )}
                          {cell?.fixed_versions && (
                            <span className="d-block small text-body-secondary">
                              Fixed: {cell.fixed_versions}
                            </span>
                          )}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
      {editing && <VendorStatusModal caseId={caseId} target={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
