// GET /api/contacts/: the people and groups a coordinator can add to a case (the participant typeahead).
// Users must be active and approved; every word of the query must appear in the name or the email (users)
// or the name (groups), case-insensitively, with the words' own % and _ taken literally.
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Contact } from '@cvdp/core';
import { type Db, groups, users } from '@cvdp/server-kit';
import { likePattern } from '../accounts/like-pattern.ts';

export const CONTACTS_LIMIT = 20;

export const contactsQuery = z.object({
  query: z.string().trim().max(100, 'query must be at most 100 characters.').optional(),
});

const words = (query: string | undefined) => (query ?? '').split(/\s+/).filter(Boolean).slice(0, 8);

export async function findContacts(db: Db, query: string | undefined): Promise<Contact[]> {
  const terms = words(query);
  const userTerms: (SQL | undefined)[] = terms.map((w) =>
    or(ilike(users.name, likePattern(w)), ilike(users.email, likePattern(w))),
  );
  const groupTerms = terms.map((w) => ilike(groups.name, likePattern(w)));
  const [people, orgs] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.isActive, true), eq(users.pending, false), ...userTerms))
      .orderBy(asc(users.name), asc(users.id))
      .limit(CONTACTS_LIMIT),
    db
      .select({ id: groups.id, name: groups.name, kind: groups.kind })
      .from(groups)
      .where(and(...groupTerms))
      .orderBy(asc(groups.name), asc(groups.id))
      .limit(CONTACTS_LIMIT),
  ]);
  return [
    ...people.map((u): Contact => ({
      kind: 'user',
      id: u.id,
      name: u.name,
      email: u.email,
      group_kind: null,
    })),
    ...orgs.map((g): Contact => ({ kind: 'group', id: g.id, name: g.name, email: null, group_kind: g.kind })),
  ];
}
