// Account input rules shared by the sign-in/registration pages and the server.
import { z } from 'zod';
import { idValue } from '../ids/index.ts';

export const ROLE_NAMES = ['reporter', 'coordinator', 'scorer', 'admin'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** What sign-in answers for an account an administrator has not approved yet; the page routes on it. */
export const ACCOUNT_PENDING_MESSAGE = 'Your account is awaiting approval by an administrator.';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine((p) => new Set(p).size >= 4, 'Use a less repetitive password.')
  .refine((p) => !/^\d+$/.test(p), 'Use more than digits.');

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'This field is required.')
  .max(254)
  .pipe(z.email('Enter a valid email address.'))
  .transform((e) => e.toLowerCase());

/**
 * Control characters (C0 with CR/LF and tab, DEL, C1) and the Unicode line/paragraph separators. A name is
 * shown on one line and travels into email headers (a recipient's name) and log fields: none may carry them.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;
export const CONTROL_CHARACTERS_MESSAGE = 'Control characters such as line breaks are not allowed.';

/** A name people or groups are shown by: one line of visible text, 1 to `max` characters. */
export const displayNameSchema = (max = 200) =>
  z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(max)
    .refine((v) => !CONTROL_CHARACTERS.test(v), CONTROL_CHARACTERS_MESSAGE);

export const registerSchema = z
  .object({
    email: emailSchema,
    name: displayNameSchema(),
    password: passwordSchema,
  })
  .refine((v) => v.password.toLowerCase() !== v.email, {
    path: ['password'],
    message: 'The password must not be your email address.',
  });

export const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .transform((e) => e.toLowerCase()),
  password: z.string().min(1, 'This field is required.').max(PASSWORD_MAX_LENGTH),
});

export const changePasswordSchema = z.object({
  current_password: z.string().min(1, 'This field is required.'),
  new_password: passwordSchema,
});

export const userUpdateSchema = z
  .object({
    roles: z.array(z.enum(ROLE_NAMES)).max(4).optional(),
    groups: z.array(idValue).max(100).optional(),
    is_active: z.boolean().optional(),
    name: displayNameSchema().optional(),
  })
  .strict();

export const groupRequestSchema = z.object({
  group: idValue,
  message: z.string().max(2000).default(''),
});

export const groupCreateSchema = z.object({
  name: displayNameSchema(),
  kind: z.enum(['vendor', 'team']).default('vendor'),
});

export const tokenCreateSchema = z.object({
  name: displayNameSchema(100),
});

/** What GET /api/user/ (and POST /api/auth/login/) answers. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  // Strings as stored: a role this version does not know (one a newer version wrote) must not make the
  // user's answers fail. The type names the roles the code knows.
  roles: z.array(z.string()).describe(`Roles: ${ROLE_NAMES.join(', ')}.`),
  groups: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      kind: z.string().describe("'vendor' | 'team'"),
      is_admin: z.boolean(),
    }),
  ),
});
export type CurrentUser = Omit<z.infer<typeof currentUserSchema>, 'roles'> & { roles: RoleName[] };

/**
 * What GET /api/session/ answers: the signed-in user, or null for a visitor. The web app asks this instead of
 * GET /api/user/ (401 for a visitor), so a page opened signed out logs no failed request.
 */
export const sessionSchema = z.object({ user: currentUserSchema.nullable() });
export type Session = { user: CurrentUser | null };
