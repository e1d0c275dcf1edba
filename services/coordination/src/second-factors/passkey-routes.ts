// Registering a passkey from the account page: options (a challenge kept for a few minutes), then the
// browser's answer, verified by SimpleWebAuthn. A passkey is a second factor like an authenticator app.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PASSKEY_FAILED, passkeyOptionsSchema, passkeyRegisterSchema, recoveryCodesSchema } from '@cvdp/core';
import { HttpError, routes } from '@cvdp/server-kit';
import { and, eq, gt } from 'drizzle-orm';
import { findUser } from '../accounts/store.ts';
import { recordFactorEvent } from './events.ts';
import { ownFactorRoute } from './routes.ts';
import { CHALLENGE_MINUTES, registrationOptions, relyingParty, verifyRegistration } from './passkeys.ts';
import { passkeyChallenges, secondFactors } from './tables.ts';
import { confirmedFactors, replaceRecoveryCodes, unusedRecoveryCodes } from './store.ts';

export async function passkeyRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const r = routes(app);
  const mine = ownFactorRoute(config);

  r.post(
    '/api/user/second-factors/passkey/options/',
    {
      ...mine,
      summary: "Start registering a passkey: the options for the browser's navigator.credentials.create()",
      body: z.object({}).strict(),
      response: { 200: passkeyOptionsSchema },
    },
    async (request) => {
      const user = (await findUser(db, request.user!.id))!;
      const passkeys = (await confirmedFactors(db, user.id)).filter((f) => f.kind === 'passkey');
      const options = await registrationOptions(relyingParty(config, request).rpID, user, passkeys);
      const row = {
        challenge: options.challenge,
        expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
      };
      await db
        .insert(passkeyChallenges)
        .values({ userId: user.id, ...row })
        .onConflictDoUpdate({ target: passkeyChallenges.userId, set: row });
      return options;
    },
  );

  r.post(
    '/api/user/second-factors/passkey/',
    {
      ...mine,
      summary: "Register a passkey with the browser's answer (the first factor's recovery codes, once)",
      body: passkeyRegisterSchema,
      response: { 200: recoveryCodesSchema },
    },
    async (request) => {
      const user = (await findUser(db, request.user!.id))!;
      // The challenge is taken (deleted) whatever the outcome: each is answered once.
      const [taken] = await db
        .delete(passkeyChallenges)
        .where(and(eq(passkeyChallenges.userId, user.id), gt(passkeyChallenges.expiresAt, new Date())))
        .returning();
      const credential =
        taken &&
        (await verifyRegistration(request.body.response, taken.challenge, relyingParty(config, request)));
      if (!credential) throw new HttpError(400, PASSKEY_FAILED, { response: [PASSKEY_FAILED] });
      return db.transaction(async (tx) => {
        const [factor] = await tx
          .insert(secondFactors)
          .values({
            userId: user.id,
            kind: 'passkey',
            name: request.body.name || 'Passkey',
            confirmedAt: new Date(),
            ...credential,
          })
          .onConflictDoNothing()
          .returning();
        if (!factor) throw new HttpError(400, PASSKEY_FAILED, { response: [PASSKEY_FAILED] });
        const codes =
          (await unusedRecoveryCodes(tx, user.id)) === 0 ? await replaceRecoveryCodes(tx, user.id) : null;
        await recordFactorEvent(tx, user, 'second_factor.enrolled', {
          factor: factor.id,
          kind: 'passkey',
          name: factor.name,
        });
        return { recovery_codes: codes };
      });
    },
  );
}
