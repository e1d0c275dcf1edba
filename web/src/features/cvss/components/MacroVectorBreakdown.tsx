// Expandable breakdown of the macro vector: each EQ, its level and FIRST's condition for that level.
import { useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { CVSS4_EQ_DESCRIPTIONS, type Cvss4EqLevels } from '@cvdp/core';

export function MacroVectorBreakdown(props: {
  macroVector: string | null;
  eqLevels: Cvss4EqLevels | null;
  idPrefix: string;
}) {
  const { macroVector, eqLevels, idPrefix } = props;
  const [open, setOpen] = useState(false);
  const panelId = `${idPrefix}-macro-vector`;
  return (
    <div className="mt-3">
      <Button
        variant="outline-secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide' : 'Show'} macro vector breakdown
      </Button>
      {open && (
        <div id={panelId} className="mt-2">
          {macroVector && eqLevels ? (
            <>
              <p className="mb-2">
                Macro vector <code>{macroVector}</code>
              </p>
              <Table size="sm" bordered responsive>
                <thead>
                  <tr>
                    <th scope="col">EQ</th>
                    <th scope="col">Covers</th>
                    <th scope="col">Level</th>
                    <th scope="col">Meaning of the level</th>
                  </tr>
                </thead>
                <tbody>
                  {CVSS4_EQ_DESCRIPTIONS.map((eq, i) => (
                    <tr key={eq.eq}>
                      <th scope="row">{eq.eq}</th>
                      <td>{eq.title}</td>
                      <td>{eqLevels[i]}</td>
                      <td>{eq.levels[eqLevels[i]]}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </>
          ) : (
            <p className="mb-0 text-body-secondary">The macro vector needs all 11 base metrics.</p>
          )}
        </div>
      )}
    </div>
  );
}
