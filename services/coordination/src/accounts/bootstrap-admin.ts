// The first start creates the administrator from CVDP_ADMIN_EMAIL / CVDP_ADMIN_PASSWORD when none exists.
import { sql } from 'drizzle-orm';
import { passwordSchema } from '@cvdp/core';
import { type Db, hashPassword, users } from '@cvdp/server-kit';

export type BootstrapResult =
  | { status: 'exists' }
  | { status: 'created'; email: string }
  | { status: 'missing-settings' }
  | { status: 'weak-password'; reason: string };

export async function ensureAdmin(
  db: Db,
  email: string | undefined,
  password: string | undefined,
): Promise<BootstrapResult> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`'admin' = any(${users.roles}) and ${users.isActive}`)
    .limit(1);
  if (existing) return { status: 'exists' };
  if (!email || !password) return { status: 'missing-settings' };
  const check = passwordSchema.safeParse(password);
  if (!check.success) return { status: 'weak-password', reason: check.error.issues[0].message };
  const normalized = email.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  const adminRoles = ['admin', 'coordinator', 'reporter'];
  // An existing account with that address is promoted rather than duplicated.
  const promoted = await db
    .update(users)
    .set({ roles: adminRoles, pending: false, isActive: true, passwordHash, approvedAt: new Date() })
    .where(sql`lower(${users.email}) = ${normalized}`)
    .returning({ id: users.id });
  if (!promoted.length) {
    await db.insert(users).values({
      email: normalized,
      name: 'Administrator',
      passwordHash,
      roles: adminRoles,
      pending: false,
      approvedAt: new Date(),
    });
  }
  return { status: 'created', email };
}

/** How to sign in after start, printed with the other start-up facts. */
export function describeBootstrap(result: BootstrapResult): string {
  switch (result.status) {
    case 'exists':
      return 'Sign in with an administrator account; administrators approve new registrations.';
    case 'created':
      return `Created the administrator ${result.email}. Sign in with the password from CVDP_ADMIN_PASSWORD.`;
    case 'missing-settings':
      return 'No administrator exists yet. Set CVDP_ADMIN_EMAIL and CVDP_ADMIN_PASSWORD and start again to create one, or run `npm run seed:demo` for demo accounts.';
    case 'weak-password':
      return `No administrator was created: CVDP_ADMIN_PASSWORD is too weak (${result.reason}).`;
  }
}
