// One fresh database and one app per test file. signIn() creates an approved user with the given roles
// and signs in through the real login endpoint.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  type Clock,
  type Config,
  type Db,
  type FileStorage,
  LocalFileStorage,
  createServer,
  hashPassword,
  loadConfig,
  serverKitPlugin,
  users,
} from '@cvdp/server-kit';
import { createTestDatabase } from '@cvdp/server-kit/testing/test-database';
import { coordinationService } from '../src/app.ts';
import { TestClient } from './test-client.ts';

export { TestClient };

export const TEST_PASSWORD = 'correct horse battery staple';

let passwordHash: Promise<string> | undefined;
/**
 * The argon2id hash of TEST_PASSWORD, computed once per test process: each hash costs ~76 ms of CPU and a
 * test file creates dozens of users. Every user still signs in through the real login call, which verifies
 * the password against this hash — made with a small memory and time cost, so that each of a run's ~900
 * sign-ins verifies in about a millisecond rather than ~26 ms (the routes that hash a password, sign-up and
 * password changes, always use the production cost).
 */
export function testPasswordHash(): Promise<string> {
  passwordHash ??= hashPassword(TEST_PASSWORD, { memoryCost: 1024, timeCost: 1 });
  return passwordHash;
}

export interface TestUser {
  id: number;
  email: string;
  roles: string[];
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  storage: FileStorage;
  /** The temporary folder behind `storage` (null when the test passed its own storage). */
  filesDir: string | null;
  close(): Promise<void>;
  /** A client with no session (a browser before sign-in). */
  anonymous(): TestClient;
  createUser(opts?: {
    roles?: string[];
    email?: string;
    name?: string;
    pending?: boolean;
  }): Promise<TestUser>;
  signIn(opts?: {
    roles?: string[];
    email?: string;
    name?: string;
  }): Promise<TestClient & { user: TestUser }>;
}

let counter = 0;

export async function createTestDb() {
  return createTestDatabase(inject('dbTemplate'));
}

type CreateUser = TestApp['createUser'];

/** Inserts approved (or pending) users with TEST_PASSWORD straight into the database. */
function userMaker(db: Db): CreateUser {
  return async (opts = {}) => {
    const n = ++counter;
    const email = opts.email ?? `user${n}-${process.pid}@example.test`;
    const roles = opts.roles ?? ['reporter'];
    const [row] = await db
      .insert(users)
      .values({
        email,
        name: opts.name ?? `Test User ${n}`,
        passwordHash: await testPasswordHash(),
        roles,
        pending: opts.pending ?? false,
      })
      .returning();
    return { id: row.id, email, roles };
  };
}

export interface TestStore {
  db: Db;
  createUser: CreateUser;
  close(): Promise<void>;
}

/**
 * The fast tier: a migrated database of the test file's own and users in it, without an app or HTTP — for
 * store and policy tests, where requests would add nothing to what is tested (the policy test checks each
 * rule's row check against its SQL filter; the access matrix checks the routes through HTTP).
 */
export async function createTestStore(): Promise<TestStore> {
  const database = await createTestDb();
  return { db: database.db, createUser: userMaker(database.db), close: () => database.close() };
}

/**
 * register: how the services are mounted on the app; by default the coordination service alone.
 * Tests of the whole platform pass a function that registers more.
 */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    register?: (app: FastifyInstance) => Promise<void>;
    /** Upload storage; by default a fresh temporary folder, removed by close(). */
    storage?: FileStorage;
    /** The time scheduled work acts on: pass a ManualClock to move it from the test. */
    clock?: Clock;
  } = {},
): Promise<TestApp> {
  const database = await createTestDb();
  const config: Config = {
    ...loadConfig({}),
    logLevel: 'silent',
    authRateLimitPerMinute: 100_000,
    submitRatePerMinute: 100_000,
    // The stand-ins tests call out to (CVE Services, another instance, a redirecting server) listen on
    // loopback, which the outbound policy refuses unless an administrator allows it: tests allow it here.
    outboundAllow: ['127.0.0.1'],
    ...options.config,
  };
  const filesDir = options.storage ? null : await mkdtemp(path.join(tmpdir(), 'cvdp-test-files-'));
  const storage = options.storage ?? new LocalFileStorage(filesDir!);
  const app = createServer(config, { logger: false });
  await app.register(serverKitPlugin, { db: database.db, config, storage, clock: options.clock });
  if (options.register) await options.register(app);
  else await app.register(coordinationService);
  await app.ready();

  const createUser = userMaker(database.db);

  return {
    app,
    db: database.db,
    config,
    storage,
    filesDir,
    async close() {
      await app.close();
      await database.close();
      if (filesDir) await rm(filesDir, { recursive: true, force: true });
    },
    anonymous: () => new TestClient(app),
    createUser,
    async signIn(opts = {}) {
      const user = await createUser(opts);
      const client = new TestClient(app);
      const res = await client.post('/api/auth/login/', { email: user.email, password: TEST_PASSWORD });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      return Object.assign(client, { user });
    },
  };
}
