// The 'Search CWEs' modal (SPEC §2, §4): keyword search over MITRE's catalogue, a table with usage notes and
// expandable children, 'Load More', and the list of selected CWEs, at most 5 (SPEC §5).
// MITRE's mapping rules (pick-rules.ts): retired entries are hidden unless 'Show deprecated' is ticked,
// Prohibited ones cannot be ticked (their reason is shown and read with the checkbox), Discouraged ones ask
// first. The search, the 'Selected CWEs' and the limit message stay above the scrolling table, so the answer
// to a tick is always in view; on a phone the table's rows stack, so each checkbox sits by its CWE id.
import { useEffect, useId, useState } from 'react';
import { Button, CloseButton, Form, ListGroup, Modal, Spinner } from 'react-bootstrap';
import { isRetiredCwe, normalizeCweId, type CweSearchResult } from '@cvdp/core';
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx';
import { pickStep, prohibitedReason, type PickableCwe } from '../pick-rules.ts';
import { CweLimitMessage } from './CweLimitMessage.tsx';
import { DiscouragedCweDialog } from './DiscouragedCweDialog.tsx';
import { NvdBadge, RetiredBadge, UsageBadge } from './UsageBadge.tsx';
import { useCweModalSearch } from '../api/index.ts';

export interface CweSearchModalProps {
  show: boolean;
  selected: string[];
  onCancel(): void;
  onSubmit(cwes: string[]): void | Promise<void>;
  /** 'Show deprecated', when the caller keeps it (CweField shares it with its typeahead). */
  showDeprecated?: boolean;
  onShowDeprecatedChange?(show: boolean): void;
}

function normalizeAll(ids: string[]): string[] {
  return [...new Set(ids.map((id) => normalizeCweId(id) ?? id))];
}

/** A Prohibited entry that is not chosen: it cannot be ticked (one chosen before the rule can be unticked). */
const refused = (entry: PickableCwe, checked: boolean) => !checked && pickStep(entry, []) === 'prohibited';

/** The id of the text that says why an entry cannot be ticked (its checkbox is described by it). */
const reasonId = (idPrefix: string, cwe: string) => `${idPrefix}-${cwe}-reason`;

/** The reason, where it is shown: a row's Notes, or under a child's checkbox. */
function RefusalReason(props: { entry: PickableCwe; id: string }) {
  return (
    <div id={props.id} className="small">
      {prohibitedReason(props.entry)}
    </div>
  );
}

/** A tickable CWE (a row, or a child in a row): its checkbox, disabled and described when Prohibited. */
function CweCheck(props: {
  entry: PickableCwe;
  checked: boolean;
  idPrefix: string;
  label?: string;
  onToggle(entry: PickableCwe): void;
}) {
  const { entry, checked, idPrefix } = props;
  const disabled = refused(entry, checked);
  return (
    <Form.Check
      type="checkbox"
      id={`${idPrefix}-${entry.cwe}`}
      label={props.label}
      aria-label={props.label ? undefined : `Select ${entry.cwe}`}
      aria-describedby={disabled ? reasonId(idPrefix, entry.cwe) : undefined}
      checked={checked}
      disabled={disabled}
      onChange={() => props.onToggle(entry)}
    />
  );
}

export function CweSearchModal(props: CweSearchModalProps) {
  const { show, selected, onCancel, onSubmit } = props;
  const titleId = useId();
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<string[]>(() => normalizeAll(selected));
  const [limitReached, setLimitReached] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState<PickableCwe | null>(null);
  const [ownShowDeprecated, setOwnShowDeprecated] = useState(false);
  const showDeprecated = props.showDeprecated ?? ownShowDeprecated;
  const setShowDeprecated = props.onShowDeprecatedChange ?? setOwnShowDeprecated;
  const search = useCweModalSearch(show, keyword, showDeprecated);

  // Each opening starts from the caller's selection and a fresh search. (Keyed on `show` alone on purpose:
  // a parent re-render with a new array must not wipe choices made inside the open modal.)
  useEffect(() => {
    if (!show) return;
    setPicked(normalizeAll(selected));
    setKeyword('');
    setLimitReached(false);
    setExpanded(new Set());
    setAsking(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [show]);

  const add = (cwe: string) => setPicked((list) => [...list, cwe]);

  const toggle = (entry: PickableCwe) => {
    const step = pickStep(entry, picked);
    setLimitReached(step === 'limit');
    if (step === 'remove') setPicked(picked.filter((id) => id !== entry.cwe));
    else if (step === 'add') add(entry.cwe);
    else if (step === 'confirm') setAsking(entry);
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

  const children = (entry: CweSearchResult) => {
    if (entry.children.length === 0) return <span className="text-muted">No children</span>;
    const open = expanded.has(entry.cwe);
    return (
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
                <CweCheck
                  entry={child}
                  idPrefix={`${titleId}-${entry.cwe}`}
                  label={`${child.cwe}: ${child.name}`}
                  checked={picked.includes(child.cwe)}
                  onToggle={toggle}
                />
                {refused(child, picked.includes(child.cwe)) && (
                  <RefusalReason entry={child} id={reasonId(`${titleId}-${entry.cwe}`, child.cwe)} />
                )}
              </li>
            ))}
          </ul>
        )}
      </>
    );
  };

  const columns: DataColumn<CweSearchResult>[] = [
    {
      key: 'select',
      header: 'Select',
      hideHeader: true,
      stackLabel: 'Select',
      cell: (entry) => (
        <CweCheck
          entry={entry}
          idPrefix={`${titleId}-row`}
          checked={picked.includes(entry.cwe)}
          onToggle={toggle}
        />
      ),
    },
    { key: 'cwe', header: 'CWE-ID', cellClassName: 'text-nowrap', cell: (entry) => entry.cwe },
    {
      key: 'notes',
      header: 'Notes',
      cell: (entry) => (
        <div>
          <div className="d-flex flex-wrap gap-1">
            <UsageBadge usage={entry.usage} />
            {entry.slice_1003 && <NvdBadge />}
            {isRetiredCwe(entry) && <RetiredBadge status={entry.status} />}
          </div>
          {refused(entry, picked.includes(entry.cwe)) && (
            <RefusalReason entry={entry} id={reasonId(`${titleId}-row`, entry.cwe)} />
          )}
        </div>
      ),
      headerStyle: { minWidth: '12rem' },
    },
    {
      key: 'description',
      header: 'Description',
      cell: (entry) => (
        <div>
          <div className="fw-semibold">{entry.name}</div>
          <div className="small">{entry.description}</div>
        </div>
      ),
    },
    { key: 'children', header: 'Children', cell: children },
  ];

  return (
    <Modal show={show} onHide={onCancel} size="xl" scrollable aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId}>Search CWEs</Modal.Title>
      </Modal.Header>
      {/* Outside the scrolling body: stays in view above the table. */}
      <div className="px-3 pt-3 pb-2 border-bottom">
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
        <div className="d-flex flex-wrap align-items-center column-gap-3 row-gap-1 mb-2">
          <span>Found {search.count} CWEs</span>
          {search.loading && <Spinner animation="border" size="sm" role="status" aria-label="Loading" />}
          <Form.Check
            type="checkbox"
            id={`${titleId}-deprecated`}
            label="Show deprecated"
            title="MITRE's Deprecated and Obsolete entries"
            checked={showDeprecated}
            onChange={(e) => setShowDeprecated(e.target.checked)}
          />
        </div>
        <section aria-labelledby={`${titleId}-selected`}>
          <h6 id={`${titleId}-selected`} className="mb-1">
            Selected CWEs
          </h6>
          {picked.length === 0 ? (
            <p className="text-muted small mb-1">None selected.</p>
          ) : (
            <ListGroup as="ul" horizontal className="flex-wrap">
              {picked.map((cwe) => (
                <ListGroup.Item as="li" key={cwe} className="d-flex align-items-center gap-2 py-1">
                  {cwe}
                  <CloseButton aria-label={`Remove ${cwe}`} onClick={() => toggle({ cwe, name: '' })} />
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
          <CweLimitMessage show={limitReached} />
        </section>
      </div>
      <Modal.Body>
        <DataTable
          label="CWEs found"
          columns={columns}
          rows={search.results}
          rowKey={(entry) => entry.cwe}
          layout="stack"
          size="sm"
          hover
        />
        {search.hasMore && (
          <div className="text-center mb-3">
            <Button variant="outline-primary" onClick={search.loadMore} disabled={search.loading}>
              Load More
            </Button>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="primary" onClick={submit} disabled={submitting}>
          Submit
        </Button>
      </Modal.Footer>
      {asking && (
        <DiscouragedCweDialog
          entry={asking}
          onConfirm={() => {
            // Five may have been reached meanwhile by another tick; the limit holds.
            if (pickStep({ cwe: asking.cwe, name: asking.name }, picked) === 'add') add(asking.cwe);
            setAsking(null);
          }}
          onCancel={() => setAsking(null)}
        />
      )}
    </Modal>
  );
}
