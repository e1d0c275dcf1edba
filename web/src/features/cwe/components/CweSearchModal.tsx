// The 'Search CWEs' modal (SPEC §2, §4): keyword search over MITRE's catalogue, a table with usage notes and
// expandable children, 'Load More', and the list of selected CWEs, at most 5 (SPEC §5).
import { useEffect, useId, useState } from 'react';
import { Button, CloseButton, Form, ListGroup, Modal, Spinner, Table } from 'react-bootstrap';
import { canAddCwe, normalizeCweId, type CweSearchResult } from '@cvdp/core';
import { NoDataRow } from '../../../components/NoDataRow.tsx';
import { CweLimitMessage } from './CweLimitMessage.tsx';
import { NvdBadge, UsageBadge } from './UsageBadge.tsx';
import { useCweModalSearch } from '../api/index.ts';

export interface CweSearchModalProps {
  show: boolean;
  selected: string[];
  onCancel(): void;
  onSubmit(cwes: string[]): void | Promise<void>;
}

const COLUMNS = 5;

function normalizeAll(ids: string[]): string[] {
  return [...new Set(ids.map((id) => normalizeCweId(id) ?? id))];
}

export function CweSearchModal({ show, selected, onCancel, onSubmit }: CweSearchModalProps) {
  const titleId = useId();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<string[]>(() => normalizeAll(selected));
  const [limitReached, setLimitReached] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const search = useCweModalSearch(show, keyword);

  // Each opening starts from the caller's selection and a fresh search. (Keyed on `show` alone on purpose:
  // a parent re-render with a new array must not wipe choices made inside the open modal.)
  useEffect(() => {
    if (!show) return;
    setPicked(normalizeAll(selected));
    setKeyword('');
    setLimitReached(false);
    setExpanded(new Set());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [show]);

  const toggle = (cwe: string) => {
    if (picked.includes(cwe)) {
      setPicked(picked.filter((id) => id !== cwe));
      setLimitReached(false);
    } else if (canAddCwe(picked.length)) {
      setPicked([...picked, cwe]);
    } else {
      setLimitReached(true);
    }
  };

  const toggleChildren = (cwe: string) => {
    const next = new Set(expanded);
    if (!next.delete(cwe)) next.add(cwe);
    setExpanded(next);
  };

  const submit = async () => {
    setSubmitting(true);
    try {
      await onSubmit(picked);
    } finally {
      setSubmitting(false);
    }
  };

  const renderRow = (entry: CweSearchResult) => {
    const open = expanded.has(entry.cwe);
    return (
      <tr key={entry.cwe}>
        <td>
          <Form.Check
            type="checkbox"
            aria-label={`Select ${entry.cwe}`}
            checked={picked.includes(entry.cwe)}
            onChange={() => toggle(entry.cwe)}
          />
        </td>
        <td className="text-nowrap">{entry.cwe}</td>
        <td>
          <div className="d-flex flex-wrap gap-1">
            <UsageBadge usage={entry.usage} />
            {entry.slice_1003 && <NvdBadge />}
          </div>
        </td>
        <td>
          <div className="fw-semibold">{entry.name}</div>
          <div className="small">{entry.description}</div>
        </td>
        <td>
          {entry.children.length === 0 ? (
            <span className="text-muted">No children</span>
          ) : (
            <>
              <Button
                variant="link"
                size="sm"
                className="p-0 text-nowrap"
                aria-expanded={open}
                onClick={() => toggleChildren(entry.cwe)}
              >
                {open
                  ? 'Hide children'
                  : `Show ${entry.children.length} ${entry.children.length === 1 ? 'child' : 'children'}`}
              </Button>
              {open && (
                <ul className="list-unstyled small mb-0 mt-1">
                  {entry.children.map((child) => (
                    <li key={child.cwe}>
                      <Form.Check
                        type="checkbox"
                        id={`${titleId}-${entry.cwe}-${child.cwe}`}
                        label={`${child.cwe}: ${child.name}`}
                        checked={picked.includes(child.cwe)}
                        onChange={() => toggle(child.cwe)}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </td>
      </tr>
    );
  };

  return (
    <Modal show={show} onHide={onCancel} size="xl" scrollable aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId}>Search CWEs</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group className="mb-2" controlId={`${titleId}-keyword`}>
          <Form.Label>Keyword</Form.Label>
          <Form.Control
            type="search"
            value={keyword}
            placeholder="e.g. injection, overflow or CWE-79"
            onChange={(e) => setKeyword(e.target.value)}
            autoFocus
          />
        </Form.Group>
        <div className="d-flex align-items-center gap-2 mb-2">
          <span>Found {search.count} CWEs</span>
          {search.loading && <Spinner animation="border" size="sm" role="status" aria-label="Loading" />}
        </div>
        <Table size="sm" hover responsive>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Select</span>
              </th>
              <th scope="col">CWE-ID</th>
              <th scope="col">Notes</th>
              <th scope="col">Description</th>
              <th scope="col">Children</th>
            </tr>
          </thead>
          <tbody>
            {search.results.length === 0 ? <NoDataRow colSpan={COLUMNS} /> : search.results.map(renderRow)}
          </tbody>
        </Table>
        {search.hasMore && (
          <div className="text-center mb-3">
            <Button variant="outline-primary" onClick={search.loadMore} disabled={search.loading}>
              Load More
            </Button>
          </div>
        )}
        <section aria-labelledby={`${titleId}-selected`}>
          <h6 id={`${titleId}-selected`}>Selected CWEs</h6>
          {picked.length === 0 ? (
            <p className="text-muted small mb-1">None selected.</p>
          ) : (
            <ListGroup as="ul" horizontal className="flex-wrap">
              {picked.map((cwe) => (
                <ListGroup.Item as="li" key={cwe} className="d-flex align-items-center gap-2">
                  {cwe}
                  <CloseButton aria-label={`Remove ${cwe}`} onClick={() => toggle(cwe)} />
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
          <CweLimitMessage show={limitReached} />
        </section>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="primary" onClick={submit} disabled={submitting}>
          Submit
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
