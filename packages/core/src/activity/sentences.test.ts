// The sentences people read in a case's activity: the table for the codebase's verbs, a readable generic
// phrase for a verb it does not list, and "Someone" for an actor whose account is gone.
import { describe, expect, it } from 'vitest';
import { activityPhrase, activitySentence } from './index.ts';

describe('activitySentence', () => {
  it('reads the verbs the workspace writes', () => {
    expect(activitySentence('Ana Admin', 'activated', 'case')).toBe('Ana Admin activated the case');
    expect(activitySentence('Rita Reporter', 'edited report', 'report')).toBe(
      'Rita Reporter edited the report',
    );
    expect(activitySentence('Rita Reporter', 'submitted report', 'report')).toBe(
      'Rita Reporter submitted the report',
    );
    expect(activityPhrase('closed', 'case')).toBe('closed the case');
    expect(activityPhrase('reopened', 'case')).toBe('reopened the case');
    expect(activityPhrase('added participant', 'participant')).toBe('added a participant');
    expect(activityPhrase('changed participant role', 'participant')).toBe("changed a participant's role");
    expect(activityPhrase('assigned', 'assignment')).toBe('assigned a coordinator');
    expect(activityPhrase('added report', 'report')).toBe('added a report to the case');
    expect(activitySentence('Cora', 'created from report', 'vul')).toBe(
      'Cora created a vulnerability from the report',
    );
    expect(activityPhrase('scored CVSS', 'vul')).toBe('scored a vulnerability with CVSS');
    expect(activityPhrase('removed SSVC decision', 'vul')).toBe("removed a vulnerability's SSVC decision");
    expect(activityPhrase('locked', 'vul')).toBe('locked the vulnerability');
  });

  it('makes a generic sentence for a verb it does not know', () => {
    expect(activityPhrase('archived', 'thread')).toBe('archived the thread');
    expect(activityPhrase('pinned', 'post')).toBe('pinned the post');
    expect(activityPhrase('approved', 'group_request')).toBe('approved the group request');
    expect(activityPhrase('revoked', 'api_token')).toBe('revoked the API token');
    // A verb that names its object gets an article, not the object twice.
    expect(activityPhrase('published advisory', 'advisory')).toBe('published the advisory');
    expect(activityPhrase('locked the vulnerability', 'vulnerability')).toBe('locked the vulnerability');
    expect(activityPhrase('', 'case')).toBe('changed the case');
  });

  it('names an actor whose account is gone "Someone"', () => {
    expect(activitySentence(null, 'activated', 'case')).toBe('Someone activated the case');
    expect(activitySentence('  ', 'activated', 'case')).toBe('Someone activated the case');
  });
});
