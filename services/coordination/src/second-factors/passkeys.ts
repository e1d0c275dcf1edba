// WebAuthn passkeys through SimpleWebAuthn: registration and authentication ceremonies. The relying party is
// this instance: its ID and origin come from CVDP_PUBLIC_URL, else from the request's own host (a browser
// only signs for the origin it is on, so a forged Host header cannot make another site's passkey count).
import type { FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Config } from '@cvdp/server-kit';
import type { FactorRow } from './store.ts';

export const CHALLENGE_MINUTES = 5;

/**
 * SimpleWebAuthn (and the ASN.1 and COSE libraries under it) loads with the first passkey ceremony: most
 * processes never run one (about 15 MB resident; docs/architecture.md, Memory).
 */
let webauthnLoad: Promise<typeof import('@simplewebauthn/server')> | undefined;
const webauthn = () => (webauthnLoad ??= import('@simplewebauthn/server'));

/**
 * EdDSA, ES256 and RS256 (COSE ids), named for registration and its verification alike: left to the library,
 * it probes the runtime for ML-DSA, and Node 24 prints ExperimentalWarnings into the server's log.
 */
const PASSKEY_ALGORITHMS = [-8, -7, -257];

export function relyingParty(config: Pick<Config, 'publicUrl'>, request: FastifyRequest) {
  const url = new URL(config.publicUrl ?? `${request.protocol}://${request.host}`);
  return { rpID: url.hostname, origin: url.origin };
}

const credentialOf = (f: FactorRow) => ({
  id: f.credentialId!,
  publicKey: Buffer.from(f.publicKey!, 'base64url'),
  counter: f.signCount,
  transports: f.transports,
});

export async function registrationOptions(
  rpID: string,
  user: { id: number; email: string; name: string },
  existing: FactorRow[],
) {
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: 'CVDP',
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`cvdp-user-${user.id}`),
    attestationType: 'none',
    // The same authenticator is not registered twice.
    excludeCredentials: existing.map((f) => ({ id: f.credentialId!, transports: f.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
}

/** The new credential, or null when the response does not verify (any failure: null, never a 500). */
export async function verifyRegistration(
  response: unknown,
  challenge: string,
  rp: { rpID: string; origin: string },
) {
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    return null;
  }
}

export async function authenticationOptions(rpID: string, passkeys: FactorRow[]) {
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID,
    allowCredentials: passkeys.map((f) => ({ id: f.credentialId!, transports: f.transports })),
    userVerification: 'preferred',
  });
}

/** The passkey that signed and its new counter, or null (unknown credential, bad signature, replay). */
export async function verifyAuthentication(
  response: { id: string },
  challenge: string,
  rp: { rpID: string; origin: string },
  passkeys: FactorRow[],
) {
  const factor = passkeys.find((f) => f.credentialId === response.id);
  if (!factor) return null;
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: credentialOf(factor),
      requireUserVerification: false,
    });
    return result.verified ? { factor, newCounter: result.authenticationInfo.newCounter } : null;
  } catch {
    return null;
  }
}
