import { describe, expect, it } from 'vitest';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import { reportFormData } from './report-form-data.ts';
import { newSubmissionKey } from './submission-key.ts';

describe('reportFormData', () => {
  it('sends the list as JSON text, the key, and a chosen file', () => {
    const poc = new File(['print(1)'], 'poc.py', { type: 'text/x-python' });
    const form = reportFormData({ report: sampleReportQuestions(), poc, submissionKey: 'k1' });
    expect(JSON.parse(form.get('report') as string)).toEqual(sampleReportQuestions());
    expect(form.get('submission_key')).toBe('k1');
    expect((form.get('poc') as File).name).toBe('poc.py');
  });

  it('leaves out an empty file and a missing key', () => {
    const form = reportFormData({ report: [], poc: new File([], 'empty.txt') });
    expect([...form.keys()]).toEqual(['report']);
  });
});

describe('newSubmissionKey', () => {
  it('makes a different 32-character key each time', () => {
    const a = newSubmissionKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newSubmissionKey()).not.toBe(a);
  });
});
