// How CVE screens word a failure: the server words its CVE Services failures for people at every status
// (502 when CVE Services failed or could not be reached, 503 without CVDP_SECRET_KEY), so their detail is
// shown too, not only a 4xx's.
import { errorMessage, fieldErrors } from '../../lib/api-client.ts';

/** A failed call's reason for the user. */
export function cveErrorMessage(error: unknown): string {
  // An answer's body (an axios error's response), read without axios: only api/ files import it.
  const answer = (error as { response?: { data?: { detail?: unknown } | null } } | null)?.response;
  const detail = answer?.data?.detail;
  if (typeof detail === 'string' && detail.trim()) return detail;
  return errorMessage(error);
}

/**
 * A form's `error`: the failure itself when the server named one of the form's fields (the message goes
 * under it), else its reason worded as above after `prefix` ("No CVE ids were reserved: ").
 */
export function cveFormError(error: unknown, fields: readonly string[], prefix = ''): unknown {
  if (!error) return null;
  const named = Object.keys(fieldErrors(error)).some((key) => fields.includes(key.split('.')[0]));
  return named ? error : `${prefix}${cveErrorMessage(error)}`;
}
