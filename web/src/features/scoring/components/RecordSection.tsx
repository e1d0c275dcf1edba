// The CVE record, readable: the CNA's description, affected products and references, and every value of the
// record and of scorers side by side by source (CNA, each ADP such as CISA, our scorers) with provenance badges.
import { Badge, Table } from 'react-bootstrap';
import type { VulDetail, VulEnrichmentValue } from '@cvdp/core/scoring/index';
import { NoDataRow } from '../../../components/NoDataRow.tsx';

interface CnaContainer {
  descriptions?: { lang?: string; value?: string }[];
  affected?: {
    vendor?: string;
    product?: string;
    versions?: { version?: string; status?: string; lessThan?: string; lessThanOrEqual?: string }[];
  }[];
  references?: { url?: string; name?: string }[];
}

const cnaOf = (vul: VulDetail): CnaContainer =>
  (vul.record as { containers?: { cna?: CnaContainer } }).containers?.cna ?? {};

/** 'cna' → CNA, 'adp:CISA-ADP' → ADP CISA-ADP, 'scorer' → Scorer. */
export function sourceLabel(source: string) {
  if (source === 'cna') return 'CNA';
  if (source === 'scorer') return 'Scorer';
  return `ADP ${source.replace(/^adp:/, '')}`;
}

export function ProvenanceBadge({ source }: { source: string }) {
  const bg = source === 'cna' ? 'primary' : source === 'scorer' ? 'success' : 'dark';
  return (
    <Badge bg={bg} className="ms-1" title={`Source: ${source}`}>
      {sourceLabel(source)}
    </Badge>
  );
}

const KIND_LABELS: Record<VulEnrichmentValue['kind'], string> = {
  cvss: 'CVSS',
  ssvc: 'SSVC',
  cwe: 'CWE',
  kev: 'KEV',
  cpe: 'CPE',
};

function valueText(v: VulEnrichmentValue) {
  if (v.kind === 'cvss')
    return `${v.version ? `${v.version} ` : ''}${v.score ?? ''} ${v.severity ?? ''} ${v.value}`.trim();
  return v.value;
}

export function RecordSection({ vul }: { vul: VulDetail }) {
  const cna = cnaOf(vul);
  const description =
    cna.descriptions?.find((d) => d.lang?.startsWith('en'))?.value ??
    cna.descriptions?.[0]?.value ??
    vul.description;
  const sources = [...new Set(vul.enrichment.map((e) => e.source))].sort((a, b) =>
    a === 'cna' ? -1 : b === 'cna' ? 1 : a.localeCompare(b),
  );
  const kinds = (['cvss', 'ssvc', 'cwe', 'kev', 'cpe'] as const).filter((k) =>
    vul.enrichment.some((e) => e.kind === k),
  );
  return (
    <>
      <section aria-labelledby="record-title" className="mb-4">
        <h2 id="record-title" className="h5">
          Record
        </h2>
        <p className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
          {description}
        </p>
        <p className="small text-body-secondary mb-2">
          Assigner {vul.assigner} · data version {vul.data_version} · {vul.state}
        </p>
        <h3 className="h6">Affected</h3>
        {cna.affected?.length ? (
          <ul className="small">
            {cna.affected.map((a, i) => (
              <li key={i} className="text-break">
                {a.vendor ?? 'n/a'} {a.product ?? ''}
                {a.versions?.length
                  ? `: ${a.versions
                      .slice(0, 10)
                      .map(
                        (v) =>
                          `${v.version ?? ''}${v.lessThan ? ` < ${v.lessThan}` : ''}${v.lessThanOrEqual ? ` ≤ ${v.lessThanOrEqual}` : ''} (${v.status ?? ''})`,
                      )
                      .join(', ')}`
                  : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p className="small text-body-secondary">No affected products listed.</p>
        )}
        <h3 className="h6">References</h3>
        {cna.references?.length ? (
          <ul className="small">
            {cna.references.map((r, i) => (
              <li key={i} className="text-break">
                <a href={r.url} target="_blank" rel="noreferrer noopener">
                  {r.name || r.url}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="small text-body-secondary">No references.</p>
        )}
      </section>
      <section aria-labelledby="values-title" className="mb-4">
        <h2 id="values-title" className="h5">
          Values by source
        </h2>
        <div className="table-responsive">
          <Table size="sm" bordered aria-labelledby="values-title">
            <thead>
              <tr>
                <th scope="col">Value</th>
                {sources.map((s) => (
                  <th scope="col" key={s}>
                    <ProvenanceBadge source={s} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {kinds.length === 0 && <NoDataRow colSpan={sources.length + 1} />}
              {kinds.map((k) => (
                <tr key={k}>
                  <th scope="row">{KIND_LABELS[k]}</th>
                  {sources.map((s) => {
                    const values = vul.enrichment.filter((e) => e.kind === k && e.source === s);
                    return (
                      <td key={s} className="small text-break">
                        {values.length === 0
                          ? '—'
                          : values.map((v, i) => (
                              <div key={i} className="font-monospace">
                                {valueText(v)}
                              </div>
                            ))}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </section>
    </>
  );
}
