// Publication on a schedule (issue 25 item 5), staff: at the embargo's end (it follows an extended embargo)
// or at an instant, optionally sending the CVE records too. Shows the current schedule — scheduled, published,
// or blocked with what stopped it — and cancels it. Times show in local time and UTC: coordinators and
// vendors agree on embargo ends in UTC.
import { useState } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import type { PublicationSchedule } from '@cvdp/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useSchedule, useScheduleChange } from '../api/index.ts';
import { BlockerList } from './PublishDialog.tsx';

const STATE_BADGE = {
  scheduled: 'info',
  published: 'success',
  blocked: 'danger',
  cancelled: 'secondary',
} as const;

/** "2026-12-01 13:00 local (2026-12-01 12:00 UTC)". */
export const localAndUtc = (iso: string) =>
  `${formatDateTime(iso)} local (${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC)`;

/** The confirmation of a new schedule: when, and what will happen then (and what if something still blocks). */
export function scheduledMessage(s: Pick<PublicationSchedule, 'due' | 'when' | 'publish_cves'>): string {
  const what = [
    `the latest shared revision is published${s.publish_cves ? ' with its CVE records' : ''}`,
    ...(s.when === 'embargo_end' ? ['the embargo ends'] : []),
  ].join(', ');
  return (
    `Publication scheduled for ${localAndUtc(s.due)}: then ${what} and the participants are notified. ` +
    'If anything still blocks it then, nothing is published and the case’s owners are told.'
  );
}

export function SchedulePanel({ caseId, published }: { caseId: number; published: boolean }) {
  const schedule = useSchedule(caseId);
  const current = schedule.data ?? null;
  // Nothing to schedule once published, and nothing to show when nothing ever was scheduled.
  if (published && !current) return null;
  return (
    <section className="card mb-3" aria-labelledby="advisory-schedule-title">
      <div className="card-body">
        <h3 id="advisory-schedule-title" className="h6">
          Scheduled publication
        </h3>
        {schedule.error ? <ErrorAlert error={schedule.error} /> : null}
        {current ? <ScheduleState caseId={caseId} schedule={current} /> : null}
        {schedule.isSuccess && !published && current?.state !== 'scheduled' ? (
          <ScheduleForm caseId={caseId} />
        ) : null}
      </div>
    </section>
  );
}

function ScheduleState({ caseId, schedule }: { caseId: number; schedule: PublicationSchedule }) {
  const { cancel } = useScheduleChange(caseId);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="mb-3" aria-label="Publication schedule" role="group">
      <p className="mb-1">
        <Badge bg={STATE_BADGE[schedule.state]} text={schedule.state === 'scheduled' ? 'dark' : undefined}>
          {schedule.state}
        </Badge>{' '}
        {schedule.when === 'embargo_end' ? 'At the embargo’s end: ' : 'At '}
        {localAndUtc(schedule.due)}
        {schedule.publish_cves ? ', with the CVE records' : ''}
        {schedule.revision !== null ? ` (revision ${schedule.revision})` : ''}
      </p>
      {schedule.state === 'blocked' ? (
        <>
          <p className="mb-1">Nothing was published: </p>
          <BlockerList blockers={schedule.blockers} />
        </>
      ) : null}
      {schedule.state === 'scheduled' ? (
        <Button size="sm" variant="outline-danger" onClick={() => setConfirming(true)}>
          Cancel the scheduled publication
        </Button>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Cancel the scheduled publication?"
          confirmLabel="Cancel the schedule"
          busy={cancel.isPending}
          error={cancel.error}
          onConfirm={() =>
            cancel.mutate(undefined, {
              onSuccess: () => {
                toast('Scheduled publication cancelled.');
                setConfirming(false);
              },
            })
          }
          onCancel={() => setConfirming(false)}
        >
          <p className="mb-0">The advisory will not be published on its own.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function ScheduleForm({ caseId }: { caseId: number }) {
  const { create } = useScheduleChange(caseId);
  const [when, setWhen] = useState<'embargo_end' | 'at'>('embargo_end');
  const [at, setAt] = useState('');
  const [publishCves, setPublishCves] = useState(false);
  // datetime-local is the browser's local time: shown back in UTC too before it is sent.
  const instant = at ? new Date(at) : null;
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // mutateAsync: the form unmounts once the schedule shows, and mutate's own callbacks would not run.
        create
          .mutateAsync({
            when,
            ...(when === 'at' && instant && !Number.isNaN(instant.getTime())
              ? { at: instant.toISOString() }
              : {}),
            publish_cves: publishCves,
          })
          .then((s) => toast(scheduledMessage(s)))
          // Shown from create.error.
          .catch(() => undefined);
      }}
    >
      <fieldset className="mb-2">
        <legend className="form-label fs-6">Publish the latest shared revision</legend>
        <Form.Check
          type="radio"
          id="schedule-embargo-end"
          name="schedule-when"
          label="At the embargo’s end"
          checked={when === 'embargo_end'}
          onChange={() => setWhen('embargo_end')}
        />
        <Form.Check
          type="radio"
          id="schedule-at"
          name="schedule-when"
          label="At a time"
          checked={when === 'at'}
          onChange={() => setWhen('at')}
        />
      </fieldset>
      {when === 'at' ? (
        <Form.Group controlId="schedule-at-time" className="mb-2">
          <Form.Label>Time of publication (local time)</Form.Label>
          <Form.Control type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
          {instant && !Number.isNaN(instant.getTime()) ? (
            <Form.Text>{localAndUtc(instant.toISOString())}</Form.Text>
          ) : null}
        </Form.Group>
      ) : null}
      <Form.Check
        id="schedule-publish-cves"
        className="mb-2"
        label="Publish the CVE records too"
        checked={publishCves}
        onChange={(e) => setPublishCves(e.target.checked)}
      />
      {create.error ? <ErrorAlert error={create.error} /> : null}
      <Button type="submit" size="sm" disabled={create.isPending}>
        Schedule publication
      </Button>
    </Form>
  );
}
