// Vitest global setup for the server tests: builds the template database once per run — migrated, with
// the reference data every database gets (the CWE catalogue) — on PGlite, or on PostgreSQL when
// TEST_DATABASE_URL is set.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '@cvdp/server-kit';
import { databaseUrlFor, type TemplateInfo } from '@cvdp/server-kit/testing/test-database';
import { prepareCoordinationData } from '../src/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: TemplateInfo;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `cvdp_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const database = await openPostgres(databaseUrlFor(serverUrl, name), { max: 2 });
    await prepareCoordinationData(database.db);
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', location: name, serverUrl });
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const database = await openPglite();
  await prepareCoordinationData(database.db);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = path.resolve(import.meta.dirname, '../../../.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `test-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', { kind: 'pglite', location: file });
}
