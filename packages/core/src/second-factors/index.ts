// Second factors (issue 27): TOTP with recovery codes and WebAuthn passkeys, the sign-in's second step and
// the administrator's requirement for staff roles. Bodies the page and the server both check, answers, texts.
import { z } from 'zod';
import { currentUserSchema, type CurrentUser } from '../auth/index.ts';

export const SECOND_FACTOR_KINDS = ['totp', 'passkey'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];
/** The roles an administrator's requirement covers. */
export const SECOND_FACTOR_STAFF_ROLES = ['coordinator', 'scorer', 'admin'] as const;
/** Recovery codes made at the first enrolment (and on regeneration); each works once. */
export const RECOVERY_CODE_COUNT = 10;

export const CODE_FORMAT_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
export const CODE_WRONG = 'The code is not correct.';
export const RECOVERY_CODE_WRONG = 'The recovery code is not correct or was already used.';
export const PENDING_SIGN_IN_EXPIRED = 'This sign-in has expired. Sign in again.';
export const SECOND_STEP_LOCKED = 'Too many wrong codes. Try again in 15 minutes.';
export const ONE_OF_CODE_OR_RECOVERY = 'Enter the code from your authenticator app or a recovery code.';
export const REMOVE_NEEDS_PROOF = 'Enter your password or a code from your authenticator app.';
export const PASSWORD_WRONG = 'The password is not correct.';
export const FACTOR_REQUIRED_KEEP_ONE =
  'Your role requires a second factor: add another one before removing the last.';
export const PASSKEY_FAILED = 'The passkey could not be verified. Try again.';

const code = z
  .string(CODE_FORMAT_MESSAGE)
  .trim()
  .regex(/^\d{6}$/, CODE_FORMAT_MESSAGE);
const recoveryCode = z
  .string('Enter a recovery code.')
  .trim()
  .min(1, 'Enter a recovery code.')
  .max(64, 'A recovery code is at most 64 characters.');
/** The token of a pending sign-in (POST /api/auth/login/ answered 202 with it). */
const pendingSignIn = z.string('Sign in again.').min(1, 'Sign in again.').max(128, PENDING_SIGN_IN_EXPIRED);
const factorName = z.string().trim().max(100, 'A name is at most 100 characters.');

/** POST /api/auth/login/second-factor/: the code of an enrolled app, or one recovery code. */
export const secondStepSchema = z
  .object({ pending_sign_in: pendingSignIn, code: code.optional(), recovery_code: recoveryCode.optional() })
  .strict()
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
    path: ['code'],
    message: ONE_OF_CODE_OR_RECOVERY,
  });
export type SecondStepInput = z.input<typeof secondStepSchema>;

/** Routes of a pending sign-in that only name it (enrolment while required, passkey options). */
export const pendingSignInSchema = z.object({ pending_sign_in: pendingSignIn }).strict();

/** POST /api/auth/login/enrol/totp/confirm/: the first code of the app enrolled during sign-in. */
export const pendingTotpConfirmSchema = z
  .object({ pending_sign_in: pendingSignIn, code, name: factorName.optional() })
  .strict();

/** POST /api/user/second-factors/totp/{id}/confirm/ */
export const totpConfirmSchema = z.object({ code, name: factorName.optional() }).strict();
export type TotpConfirmInput = z.input<typeof totpConfirmSchema>;

/** POST /api/user/second-factors/{id}/remove/ and …/recovery-codes/: the password or a current code. */
export const factorProofSchema = z
  .object({
    password: z.string().min(1, REMOVE_NEEDS_PROOF).max(1024).optional(),
    code: code.optional(),
  })
  .strict()
  .refine((v) => v.password !== undefined || v.code !== undefined, {
    path: ['password'],
    message: REMOVE_NEEDS_PROOF,
  });
export type FactorProofInput = z.input<typeof factorProofSchema>;

/** PUT /manage/second-factors/: require a second factor of staff roles, after a grace period. */
export const secondFactorPolicyInputSchema = z
  .object({
    required: z.boolean('required is true or false.'),
    grace_days: z
      .number('Enter a number of days.')
      .int('Enter whole days.')
      .min(0, 'At least 0 days.')
      .max(365, 'At most 365 days.'),
  })
  .strict();
export type SecondFactorPolicyInput = z.input<typeof secondFactorPolicyInputSchema>;

/** SimpleWebAuthn's RegistrationResponseJSON / AuthenticationResponseJSON: checked by the library itself. */
const credentialResponse = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
  authenticatorAttachment: z.string().max(40).optional(),
});

/** POST /api/user/second-factors/passkey/ */
export const passkeyRegisterSchema = z
  .object({ response: credentialResponse, name: factorName.optional() })
  .strict();
/** POST /api/auth/login/passkey/ */
export const passkeySignInSchema = z
  .object({ pending_sign_in: pendingSignIn, response: credentialResponse })
  .strict();

// --- Answers --------------------------------------------------------------------------------------------

export const secondFactorSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SECOND_FACTOR_KINDS),
  name: z.string(),
  created: z.string(),
  last_used: z.string().nullable(),
});
export type SecondFactor = z.infer<typeof secondFactorSchema>;

/** GET /api/user/second-factors/ */
export const secondFactorStatusSchema = z.object({
  factors: z.array(secondFactorSchema),
  recovery_codes_left: z.number().int(),
  required: z.boolean().describe('An administrator requires a second factor of one of my roles.'),
  required_by: z.string().nullable().describe('From then on, signing in without one means enrolling first.'),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** A TOTP secret being enrolled: the secret (base32), its otpauth:// URI and a QR code of it (SVG data URL). */
export const totpEnrolmentSchema = z.object({
  id: z.number().int(),
  secret: z.string(),
  uri: z.string(),
  qr: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** Recovery codes, shown once (null: the account keeps the codes it has). */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()).nullable() });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const SECOND_STEP_METHODS = ['totp', 'recovery_code', 'passkey'] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

/** POST /api/auth/login/ answers 202 with this when the password was right but a second step is due. */
export const loginChallengeSchema = z.object({
  pending_sign_in: z.string().describe('Send it with the second step; it expires after a few minutes.'),
  expires: z.string(),
  methods: z.array(z.enum(SECOND_STEP_METHODS)),
  enrol_required: z
    .boolean()
    .describe('A second factor is required of this account and it has none: enrol one to sign in.'),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** POST /api/auth/login/enrol/totp/confirm/: signed in, with the recovery codes (shown once). */
export const enrolledSignInSchema = z.object({
  user: currentUserSchema,
  recovery_codes: z.array(z.string()),
});
export type EnrolledSignIn = { user: CurrentUser; recovery_codes: string[] };

/** GET/PUT /manage/second-factors/ */
export const secondFactorPolicySchema = z.object({
  required: z.boolean(),
  grace_days: z.number().int(),
  required_by: z.string().nullable(),
  roles: z.array(z.string()),
});
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicySchema>;

/** Passkey ceremonies: SimpleWebAuthn's options JSON, passed to the browser as they are. */
export const passkeyOptionsSchema = z.record(z.string(), z.unknown());
