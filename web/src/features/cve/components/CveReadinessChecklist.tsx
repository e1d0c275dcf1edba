// What a vulnerability's CVE record still needs, as the server lists it: each item done or to do in words
// (not only a tick or a colour), how much it matters, and where to put it right.
import type { CveReadinessAnswer, CveReadinessKind } from '@cvdp/core/cve/index';

/** Said after an item's label. */
const KIND_WORDS: Record<CveReadinessKind, string> = {
  required: 'required',
  publishing: 'needed to publish',
  recommended: 'recommended',
};

export function CveReadinessChecklist({ readiness, id }: { readiness: CveReadinessAnswer; id: string }) {
  const open = readiness.items.filter((i) => !i.done).length;
  return (
    <div className="mb-3">
      <h4 id={`${id}-title`} className="h6 small fw-semibold mb-1">
        What the CVE record needs
      </h4>
      <p className="small mb-2">
        {readiness.ready
          ? open === 0
            ? 'Everything is there.'
            : 'The record passes CVE JSON 5.1; what is still to do lets it be published or makes it better.'
          : 'Not ready: CVE JSON 5.1 refuses the record until every required item is done.'}
      </p>
      <ul className="list-unstyled small mb-0" aria-labelledby={`${id}-title`}>
        {readiness.items.map((item) => {
          const kind = KIND_WORDS[item.kind];
          return (
            <li key={item.key} className="d-flex gap-2 mb-1" data-item={item.key}>
              <span
                aria-hidden="true"
                className={
                  item.done
                    ? 'text-success'
                    : item.kind === 'required'
                      ? 'text-danger'
                      : 'text-body-secondary'
                }
              >
                {item.done ? '✓' : '✗'}
              </span>
              <div>
                <span className="visually-hidden">{item.done ? 'Done: ' : 'To do: '}</span>
                <span className={item.done ? undefined : 'fw-semibold'}>{item.label}</span>
                <span className="text-body-secondary"> ({kind})</span>
                {item.hint && <div className="text-body-secondary text-break">{item.hint}</div>}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
