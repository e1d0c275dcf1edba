// Administrators keep the email templates: the notification template of each kind (what its emails say,
// one per kind, in use so never deleted) and message templates staff reuse. The list is searched and filtered
// by type; a template is written in a dialog beside a live preview of what would be sent and the variables
// its kind fills in; deleting asks first and shows the server's reason when it refuses (a template in use).
import { useEffect, useState } from 'react';
import { Badge, Form } from 'react-bootstrap';
import { TEMPLATE_KIND_LABELS, TEMPLATE_TYPE_LABELS, type EmailTemplate } from '@cvdp/core';
import { CataloguePage } from '../../components/CataloguePage.tsx';
import { TEMPLATES_PAGE_SIZE, useDeleteTemplate, useTemplates, type TemplateFilter } from './api/index.ts';
import { TemplateModal } from './components/TemplateModal.tsx';

const typeLabel = (t: EmailTemplate) =>
  TEMPLATE_TYPE_LABELS[t.template_type as 0 | 1] ?? String(t.template_type);
const kindLabel = (t: EmailTemplate) => TEMPLATE_KIND_LABELS[t.kind] ?? t.kind;
/** Type, kind and subject have columns from md up; below, they stand under the name. */
const WIDE = 'd-none d-md-table-cell';

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
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TemplateFilter['type']>('');
  const [page, setPage] = useState(1);
  const templates = useTemplates({ page, search: useSettled(search), type });
  return (
    <CataloguePage
      title="Email templates"
      addLabel="New template"
      intro={
        <p className="text-muted">
          Notification emails are sent with the notification template of their kind: an edit applies to the
          next email. Message templates are texts staff reuse.
        </p>
      }
      list={{ data: templates.data?.results, error: templates.error, isPending: templates.isPending }}
      loadingLabel="Loading templates…"
      columns={[
        {
          key: 'name',
          header: 'Name',
          cellClassName: 'text-break',
          cell: (t) => (
            <>
              {t.name}{' '}
              {t.in_use ? (
                <Badge bg="success" className="ms-1">
                  In use
                </Badge>
              ) : null}
              <div className="d-md-none small">
                <div className="text-muted">
                  {typeLabel(t)} · {kindLabel(t)}
                </div>
                <div className="text-break">{t.subject}</div>
              </div>
            </>
          ),
        },
        { key: 'type', header: 'Type', className: WIDE, cell: typeLabel },
        { key: 'kind', header: 'Kind', className: WIDE, cell: kindLabel },
        {
          key: 'subject',
          header: 'Subject',
          className: WIDE,
          cellClassName: 'text-break',
          cell: (t) => t.subject,
        },
      ]}
      table={{
        label: 'Email templates',
        paging: { page, pageSize: TEMPLATES_PAGE_SIZE, count: templates.data?.count ?? 0, onPage: setPage },
      }}
      itemName={(t) => t.name}
      editor={({ item, close }) => <TemplateModal template={item} onClose={close} />}
      remove={useDeleteTemplate()}
      deleteTitle={(t) => `Delete the email template "${t.name}"?`}
    >
      {/* Filters apply as they change (no submit): the list follows the box once typing pauses. */}
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
    </CataloguePage>
  );
}
