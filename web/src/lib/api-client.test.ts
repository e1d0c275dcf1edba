import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { errorMessage, fieldErrors, isNotFound } from './api-client.ts';
import { parseConfig } from './config.ts';
import { formatUploadLimit } from './upload-limit.ts';

const config = { headers: new AxiosHeaders() };
const withResponse = (status: number, data: unknown) =>
  new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_REQUEST',
    config,
    {},
    {
      status,
      statusText: '',
      headers: {},
      config,
      data,
    },
  );

describe('errorMessage', () => {
  it("shows a 4xx answer's detail alone, without the status code in front", () => {
    expect(errorMessage(withResponse(404, { detail: 'Not found.' }))).toBe('Not found.');
    expect(
      errorMessage(withResponse(400, { detail: 'Unable to sign in with the email and password given.' })),
    ).toBe('Unable to sign in with the email and password given.');
    expect(errorMessage(withResponse(429, { detail: 'Too many attempts.' }))).toBe('Too many attempts.');
  });
  it('names the failed status code when there is no detail, and for every 5xx', () => {
    expect(errorMessage(withResponse(500, '<html>'))).toBe('Request failed with status code 500');
    expect(errorMessage(withResponse(502, { detail: 'upstream exploded' }))).toBe(
      'Request failed with status code 502',
    );
    expect(errorMessage(withResponse(403, {}))).toBe('Request failed with status code 403');
    expect(errorMessage(withResponse(400, { detail: '  ' }))).toBe('Request failed with status code 400');
  });
  it('tells a 404 apart', () => {
    expect(isNotFound(withResponse(404, { detail: 'Not found.' }))).toBe(true);
    expect(isNotFound(withResponse(403, {}))).toBe(false);
    expect(isNotFound(new Error('x'))).toBe(false);
  });
  it('says network error, request aborted and timeout', () => {
    expect(errorMessage(new AxiosError('Network Error', 'ERR_NETWORK', config))).toBe('Network Error');
    expect(errorMessage(new AxiosError('canceled', 'ERR_CANCELED', config))).toBe('Request aborted');
    expect(errorMessage(new AxiosError('timeout of 10ms exceeded', 'ECONNABORTED', config))).toBe(
      'timeout of 10ms exceeded',
    );
  });
  it('reads field messages of a 400', () => {
    expect(
      fieldErrors(withResponse(400, { detail: 'x', errors: { title: ['This field is required.'] } })),
    ).toEqual({
      title: ['This field is required.'],
    });
  });
});

describe('page config', () => {
  it('reads the five values and falls back to local defaults', () => {
    expect(
      parseConfig({
        api_url: 'https://a/',
        score_api_url: 'https://b/',
        logout_url: '/out/',
        inactivity_timeout: 60,
        max_upload_bytes: 5 * 1024 * 1024,
      }),
    ).toEqual({
      apiUrl: 'https://a/',
      scoreApiUrl: 'https://b/',
      logoutUrl: '/out/',
      inactivityTimeout: 60,
      maxUploadBytes: 5_242_880,
    });
    expect(parseConfig(null)).toEqual({
      apiUrl: '/',
      scoreApiUrl: '/scoring/',
      logoutUrl: '/api/auth/logout/',
      inactivityTimeout: null,
      maxUploadBytes: 10_485_760,
    });
  });
  it('ignores an upload limit that is not a positive whole number', () => {
    for (const max_upload_bytes of [0, -1, 1.5, null, '100' as unknown as number]) {
      expect(parseConfig({ max_upload_bytes }).maxUploadBytes).toBe(10_485_760);
    }
  });
  it('words the upload limit as the server does: whole megabytes, else bytes', () => {
    expect(formatUploadLimit(10_485_760)).toBe('10MB');
    expect(formatUploadLimit(1_048_576 * 25)).toBe('25MB');
    expect(formatUploadLimit(1_000_000)).toBe('1000000 bytes');
  });
});
