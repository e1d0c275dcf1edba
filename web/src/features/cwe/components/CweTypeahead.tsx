// The problem-type typeahead (SPEC §2, §5, §9): multi-select over MITRE's CWE catalogue, searching from 2
// characters after a 200 ms pause, caching per term, and loading further pages as the menu is scrolled.
import { useEffect, useMemo, useRef, useState } from 'react';
import { AsyncTypeahead, Highlighter, Menu, MenuItem } from 'react-bootstrap-typeahead';
import type { Option } from 'react-bootstrap-typeahead/types/types';
import 'react-bootstrap-typeahead/css/Typeahead.css';
import 'react-bootstrap-typeahead/css/Typeahead.bs5.css';
import { CWE_USAGE, MAX_CWES_PER_VULNERABILITY, isRetiredCwe, normalizeCweId } from '@cvdp/core';
import { throttle } from '../throttle.ts';
import { pickStep, prohibitedReason } from '../pick-rules.ts';
import { CweLimitMessage } from './CweLimitMessage.tsx';
import { CweToken } from './CweToken.tsx';
import { DiscouragedCweDialog } from './DiscouragedCweDialog.tsx';
import { RetiredBadge, UsageBadge } from './UsageBadge.tsx';
import { type CweOption, useCweTypeaheadSearch } from '../api/index.ts';

export const TYPEAHEAD_TEXTS = {
  placeholder: 'Add problem type(s)...',
  prompt: 'Type to search...',
  searching: 'Searching...',
  empty: 'No matches found.',
  loadingMore: 'Loading more...',
} as const;

/** SPEC §9. */
export const TYPEAHEAD_DELAY_MS = 200;
export const TYPEAHEAD_MIN_LENGTH = 2;
export const TYPEAHEAD_MAX_HEIGHT = '300px';
/** Options rendered at first and added per scroll step. */
export const TYPEAHEAD_MAX_RESULTS = 100;
/** Load more once the menu is scrolled past this share of its height. */
export const SCROLL_THRESHOLD = 0.8;
export const SCROLL_THROTTLE_MS = 150;

export interface CweTypeaheadProps {
  id: string;
  selected: string[];
  onChange(cwes: string[]): void;
  isInvalid?: boolean;
  /** List MITRE's retired (Deprecated, Obsolete) entries too: the field's 'Show deprecated' choice. */
  showDeprecated?: boolean;
}

const optionLabel = (option: CweOption) => (option.name ? `${option.cwe}: ${option.name}` : option.cwe);

/** What a screen reader hears for an option: its label, then its usage or why it cannot be chosen. */
function optionName(option: CweOption): string {
  if (option.disabled) return `${optionLabel(option)}. ${prohibitedReason(option)}`;
  const usage = option.usage && option.usage !== CWE_USAGE.allowed ? `, ${option.usage}` : '';
  return `${optionLabel(option)}${usage}`;
}

export function CweTypeahead({
  id,
  selected,
  onChange,
  isInvalid,
  showDeprecated = false,
}: CweTypeaheadProps) {
  const results = useCweTypeaheadSearch(showDeprecated);
  const [shown, setShown] = useState(TYPEAHEAD_MAX_RESULTS);
  const [limitReached, setLimitReached] = useState(false);
  /** A Discouraged option the reporter picked, and the list it makes, until they confirm or cancel. */
  const [asking, setAsking] = useState<{ option: CweOption; ids: string[] } | null>(null);

  const selectedIds = useMemo(() => selected.map((cwe) => normalizeCweId(cwe) ?? cwe), [selected]);
  const selectedOptions: CweOption[] = selectedIds.map((cwe) => ({ cwe, name: results.nameOf(cwe) }));

  // The throttled handler outlives renders, so it reads the rendered count through a ref.
  const shownRef = useRef(shown);
  shownRef.current = shown;
  // The handler gets the menu element itself: the trailing throttled call runs after React's event is gone.
  const onMenuScroll = useMemo(
    () =>
      throttle((menu: HTMLElement, available: number, loadMore: () => boolean) => {
        if (menu.scrollTop + menu.clientHeight < menu.scrollHeight * SCROLL_THRESHOLD) return;
        // Show the next step of what is loaded, or fetch the next page and show it as soon as it arrives.
        if (shownRef.current < available || loadMore()) setShown((n) => n + TYPEAHEAD_MAX_RESULTS);
      }, SCROLL_THROTTLE_MS),
    [],
  );
  useEffect(() => () => onMenuScroll.cancel(), [onMenuScroll]);

  // The library opens its menu only from `minLength` characters, so its prompt would never show: the menu
  // opens from the first focus (minLength 0) and says 'Type to search...' until there are 2 characters;
  // shorter text is never searched.
  const search = (query: string) => {
    if (query.trim().length >= TYPEAHEAD_MIN_LENGTH) results.search(query);
  };

  // The library puts aria-multiselectable on the combobox input, where ARIA does not allow it (axe:
  // aria-allowed-attr, critical); it belongs to the listbox, which gets it below. React patches only props
  // that change, so taking it off the input once it is rendered holds.
  useEffect(() => {
    document.getElementById(id)?.removeAttribute('aria-multiselectable');
  });

  const handleChange = (options: Option[]) => {
    const ids = (options as CweOption[]).map((option) => option.cwe);
    if (ids.length > MAX_CWES_PER_VULNERABILITY) {
      setLimitReached(true);
      return;
    }
    setLimitReached(false);
    // A pick adds one option; removing a token leaves the others as they were.
    const added = (options as CweOption[]).find((option) => !selectedIds.includes(option.cwe));
    const step = added ? pickStep(added, selectedIds) : 'remove';
    if (step === 'prohibited') return; // disabled in the menu; never chosen
    if (step === 'confirm') {
      setAsking({ option: added!, ids });
      return;
    }
    onChange(ids);
  };

  return (
    <>
      <AsyncTypeahead
        // `id` goes on the input so a <label htmlFor={id}> names it; the library uses its own id for the menu.
        id={`${id}-menu`}
        inputProps={{ id }}
        multiple
        labelKey="cwe"
        options={results.options}
        selected={selectedOptions}
        onChange={handleChange}
        onSearch={search}
        onInputChange={() => setShown(TYPEAHEAD_MAX_RESULTS)}
        isLoading={results.isLoading}
        // The server already matched; only hide what is already picked.
        filterBy={(option) => !selectedIds.includes((option as CweOption).cwe)}
        minLength={0}
        delay={TYPEAHEAD_DELAY_MS}
        // Results are cached per term in useCweTypeaheadSearch, which also keeps each term's next page.
        useCache={false}
        // 0 turns off the library's own truncation: this component renders `shown` options and grows it
        // on scroll, starting at TYPEAHEAD_MAX_RESULTS.
        maxResults={0}
        paginate={false}
        maxHeight={TYPEAHEAD_MAX_HEIGHT}
        placeholder={TYPEAHEAD_TEXTS.placeholder}
        promptText={TYPEAHEAD_TEXTS.prompt}
        searchText={TYPEAHEAD_TEXTS.searching}
        emptyLabel={TYPEAHEAD_TEXTS.empty}
        isInvalid={isInvalid}
        renderToken={(option, props, index) => (
          <CweToken
            key={index}
            cwe={(option as CweOption).cwe}
            option={option}
            onRemove={props.onRemove}
            tabIndex={props.tabIndex}
          />
        )}
        renderMenu={(options, menuProps, state) => {
          // Library-only props must not reach the DOM element.
          const {
            newSelectionPrefix: _prefix,
            paginationText: _pagination,
            renderMenuItemChildren: _children,
            ...domMenuProps
          } = menuProps;
          if (state.text.trim().length < TYPEAHEAD_MIN_LENGTH) {
            return <Menu {...domMenuProps} aria-multiselectable emptyLabel={TYPEAHEAD_TEXTS.prompt} />;
          }
          const visible = (options as CweOption[]).slice(0, shown);
          const items = visible.map((option, position) => (
            <MenuItem
              key={option.cwe}
              option={option}
              position={position}
              label={optionName(option)}
              disabled={option.disabled}
              aria-disabled={option.disabled || undefined}
              className="text-wrap"
            >
              <Highlighter search={state.text}>{optionLabel(option)}</Highlighter>
              {option.usage && option.usage !== CWE_USAGE.allowed && (
                <>
                  {' '}
                  <UsageBadge usage={option.usage} />
                </>
              )}
              {option.status && isRetiredCwe({ status: option.status }) && (
                <>
                  {' '}
                  <RetiredBadge status={option.status} />
                </>
              )}
              {option.disabled && (
                // Readable (4.5:1) although the option is greyed out: it is the answer to "why not?".
                <div className="small text-body-secondary">{prohibitedReason(option)}</div>
              )}
            </MenuItem>
          ));
          if (results.loadingMore) {
            items.push(<Menu.Header key="loading-more">{TYPEAHEAD_TEXTS.loadingMore}</Menu.Header>);
          }
          return (
            <Menu
              {...domMenuProps}
              aria-multiselectable
              onScroll={(event) => onMenuScroll(event.currentTarget, options.length, results.loadMore)}
            >
              {items}
            </Menu>
          );
        }}
      />
      <CweLimitMessage show={limitReached} />
      {asking && (
        <DiscouragedCweDialog
          entry={asking.option}
          onConfirm={() => {
            onChange(asking.ids);
            setAsking(null);
          }}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}
