// The administration catalogue's tables (issue 14): tags by kind and the custom fields a vulnerability can
// carry. Names are unique case-insensitively (per kind for tags).
import { sql } from 'drizzle-orm';
import { boolean, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** kind: TAG_KINDS ('case' | 'vul'). */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_kind_name_lower_idx').on(t.kind, sql`lower(${t.name})`)],
);

/** type: VUL_ATTRIBUTE_TYPES; choices only for 'choice'. */
export const vulAttributes = pgTable(
  'vul_attributes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    choices: text('choices')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    required: boolean('required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vul_attributes_name_lower_idx').on(sql`lower(${t.name})`)],
);
