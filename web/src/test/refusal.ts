// Test support: a refused call as axios rejects it (an AxiosError carrying the server's answer), for the fakes
// of web/src/test/answer-calls.ts to throw. The default is the API's 400 with messages by field.
// Test support builds axios's own error, as the API client rejects with it.
// eslint-disable-next-line no-restricted-imports
import { AxiosError, AxiosHeaders } from 'axios';

export function refusal(status: number, data: unknown): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError(
    'Request failed',
    status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
    { headers },
    null,
    {
      status,
      statusText: String(status),
      headers: {},
      config: { headers },
      data,
    },
  );
}

/** The API's 400 naming the fields it refused. */
export const fieldRefusal = (errors: Record<string, string[]>) =>
  refusal(400, { detail: 'Invalid input.', errors });
