// Picks people and groups from GET /api/contacts/ (staff): searched from 2 characters after a pause, each
// option named with its email or group kind. `kind` limits the options (assigning takes only users).
import { useCallback, useEffect, useRef, useState } from 'react';
import { AsyncTypeahead } from 'react-bootstrap-typeahead';
import type { Option } from 'react-bootstrap-typeahead/types/types';
import 'react-bootstrap-typeahead/css/Typeahead.css';
import 'react-bootstrap-typeahead/css/Typeahead.bs5.css';
import type { Contact } from '@cvdp/core';
import { errorMessage } from '../../../lib/api-client.ts';
import { fetchContacts } from '../api/index.ts';

export const CONTACT_SEARCH_DELAY_MS = 200;

export const contactLabel = (c: Contact) =>
  c.kind === 'user' ? `${c.name} (${c.email ?? 'user'})` : `${c.name} (${c.group_kind ?? 'group'} group)`;

/** What the participant call takes for a contact: a user's email, a group's name. */
export const contactName = (c: Contact) => (c.kind === 'user' ? (c.email ?? c.name) : c.name);

const contactKey = (c: Contact) => `${c.kind}:${c.id}`;

export function ContactTypeahead(props: {
  id: string;
  selected: Contact[];
  onChange(contacts: Contact[]): void;
  multiple?: boolean;
  kind?: Contact['kind'];
  placeholder?: string;
}) {
  const { id, selected, onChange, multiple = false, kind, placeholder } = props;
  const [options, setOptions] = useState<Contact[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A newer search cancels the one still on its way.
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  // The library debounces through this function and restarts its timer when it changes: it must stay the
  // same across renders, or a re-render of the page (a refetch) cancels the search waiting to run.
  const search = useCallback(
    (query: string) => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      setLoading(true);
      fetchContacts(query, controller.signal)
        .then((found) => {
          setOptions(kind ? found.filter((c) => c.kind === kind) : found);
          setError(null);
        })
        .catch((e: unknown) => {
          if (!controller.signal.aborted) setError(errorMessage(e));
        })
        .finally(() => {
          if (pending.current === controller) setLoading(false);
        });
    },
    [kind],
  );

  // With `multiple` the library puts aria-multiselectable on the combobox input, where ARIA does not allow
  // it (axe: aria-allowed-attr, critical; CweTypeahead does the same). React patches only props that change,
  // so taking it off once rendered holds.
  useEffect(() => {
    if (multiple) document.getElementById(id)?.removeAttribute('aria-multiselectable');
  });

  const chosen = new Set(selected.map(contactKey));
  return (
    <>
      <AsyncTypeahead
        id={`${id}-menu`}
        inputProps={{ id }}
        multiple={multiple}
        labelKey={(o: Option) => contactLabel(o as Contact)}
        options={options}
        selected={selected}
        onChange={(picked: Option[]) => onChange(picked as Contact[])}
        onSearch={search}
        isLoading={loading}
        filterBy={(o: Option) => !chosen.has(contactKey(o as Contact))}
        minLength={2}
        delay={CONTACT_SEARCH_DELAY_MS}
        useCache={false}
        placeholder={placeholder ?? 'Type a name, email or group...'}
        promptText="Type to search..."
        searchText="Searching..."
        emptyLabel="No matches found."
      />
      {error && (
        <div className="text-danger small" role="alert">
          {error}
        </div>
      )}
    </>
  );
}
