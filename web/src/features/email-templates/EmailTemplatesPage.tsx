// Administrators keep the email templates: the notification template of each kind (what its emails say,
// one per kind, in use so never deleted) and message templates staff reuse. The list is searched and filtered
// by type; a template is written in a dialog beside a live preview of what would be sent and the variables
// its kind fills in; deleting asks first and shows the server's reason when it refuses (a template in use).
import { useEffect, useState } from 'react';
import { Badge, Button, Form, Table } from 'react-bootstrap';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEMPLATE_KIND_LABELS, TEMPLATE_TYPE_LABELS, type EmailTemplate } from '@cvdp/core';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { Pager } from '../../components/Pager.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { TEMPLATES_PAGE_SIZE, deleteTemplate, fetchTemplates, type TemplateFilter } from './api.ts';
import { ConfirmDeleteModal } from './components/ConfirmDeleteModal.tsx';
import { TemplateModal } from './components/TemplateModal.tsx';

const typeLabel = (t: EmailTemplate) =>
  TEMPLATE_TYPE_LABELS[t.template_type as 0 | 1] ?? String(t.template_type);
const kindLabel = (t: EmailTemplate) => TEMPLATE_KIND_LABELS[t.kind] ?? t.kind;

/** The search box's value, once typing has paused. */
function useSettled(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function EmailTemplatesPage() {
  usePageTitle('Email templates');
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TemplateFilter['type']>('');
  const [page, setPage] = useState(1);
  const filter: TemplateFilter = { page, search: useSettled(search), type };
  const templates = useQuery({
    queryKey: queryKeys.emailTemplates.list(filter),
    queryFn: () => fetchTemplates(filter),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<EmailTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.emailTemplates.all() });
  const rows = templates.data?.results ?? [];

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Email templates</h1>
        <Button onClick={() => setEditing('new')}>New template</Button>
      </div>
      <p className="text-muted">
        Notification emails are sent with the notification template of their kind: an edit applies to the next
        email. Message templates are texts staff reuse.
      </p>
      <Form
        className="row g-2 mb-3"
        role="search"
        aria-label="Filter templates"
        onSubmit={(e) => e.preventDefault()}
      >
        <Form.Group className="col-12 col-md-6" controlId="templates-search">
          <Form.Label>Search</Form.Label>
          <Form.Control
            type="search"
            value={search}
            placeholder="Name, kind or subject"
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </Form.Group>
        <Form.Group className="col-12 col-md-3" controlId="templates-type">
          <Form.Label>Type</Form.Label>
          <Form.Select
            value={type}
            onChange={(e) => {
              setType(e.target.value as TemplateFilter['type']);
              setPage(1);
            }}
          >
            <option value="">All types</option>
            <option value="0">{TEMPLATE_TYPE_LABELS[0]}</option>
            <option value="1">{TEMPLATE_TYPE_LABELS[1]}</option>
          </Form.Select>
        </Form.Group>
      </Form>
      <ErrorAlert error={templates.error} />
      {templates.isPending ? <PageSpinner label="Loading templates…" /> : null}
      {templates.isSuccess ? (
        <div className="table-responsive position-relative">
          <Table size="sm" className="align-middle" aria-label="Email templates">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="d-none d-md-table-cell">
                  Type
                </th>
                <th scope="col" className="d-none d-md-table-cell">
                  Kind
                </th>
                <th scope="col" className="d-none d-md-table-cell">
                  Subject
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? <NoDataRow colSpan={5} /> : null}
              {rows.map((t) => (
                <tr key={t.id}>
                  <td className="text-break">
                    {t.name}{' '}
                    {t.in_use ? (
                      <Badge bg="success" className="ms-1">
                        In use
                      </Badge>
                    ) : null}
                    {/* Below md the type, kind and subject stand under the name (their columns are hidden). */}
                    <div className="d-md-none small">
                      <div className="text-muted">
                        {typeLabel(t)} · {kindLabel(t)}
                      </div>
                      <div className="text-break">{t.subject}</div>
                    </div>
                  </td>
                  <td className="d-none d-md-table-cell">{typeLabel(t)}</td>
                  <td className="d-none d-md-table-cell">{kindLabel(t)}</td>
                  <td className="d-none d-md-table-cell text-break">{t.subject}</td>
                  <td>
                    <div className="d-flex flex-wrap gap-1 justify-content-end">
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        aria-label={`Edit ${t.name}`}
                        onClick={() => setEditing(t)}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={`Delete ${t.name}`}
                        onClick={() => setDeleting(t)}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
      <Pager page={page} pageSize={TEMPLATES_PAGE_SIZE} count={templates.data?.count ?? 0} onPage={setPage} />
      {editing ? (
        <TemplateModal
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            return refresh();
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDeleteModal
          what={`the email template "${deleting.name}"`}
          onConfirm={() => deleteTemplate(deleting.id)}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            void refresh();
          }}
        />
      ) : null}
    </>
  );
}
