// HTTP clients for both services. Writes carry the CSRF cookie value in X-CSRFToken; failures become
// one readable message (SPEC §8: network error, request aborted, timeout, or the failed status code; a
// refusal the server explains — a 4xx with a `detail` — is shown as that explanation alone).
import axios, { AxiosError, type AxiosInstance } from 'axios';
import type { ApiErrorBody } from '@cvdp/core';
import { appConfig } from './config.ts';

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

export function readCookie(name: string): string | undefined {
  return document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** Called when the server says the session is gone (401); the auth feature signs the page out. */
let onUnauthorized: (() => void) | undefined;
export function setUnauthorizedHandler(handler: (() => void) | undefined) {
  onUnauthorized = handler;
}

function createClient(baseURL: string): AxiosInstance {
  // Default HTTP timeout: none (SPEC §9).
  const client = axios.create({ baseURL, withCredentials: true, timeout: 0 });
  client.interceptors.request.use((request) => {
    if (UNSAFE.has((request.method ?? 'get').toLowerCase())) {
      const token = readCookie('csrftoken');
      if (token) request.headers.set('X-CSRFToken', decodeURIComponent(token));
    }
    return request;
  });
  client.interceptors.response.use(undefined, (error: unknown) => {
    if (error instanceof AxiosError && error.response?.status === 401) onUnauthorized?.();
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  });
  return client;
}

export const coordinationApi = createClient(appConfig.apiUrl);
export const scoringApi = createClient(appConfig.scoreApiUrl);

/** An error answer's body; anything else (an HTML error page of a proxy) reads as no detail. */
type ErrorBody = Partial<ApiErrorBody> | undefined;

/** Field messages from a 400 answer, keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  if (error instanceof AxiosError) return (error.response?.data as ErrorBody)?.errors ?? {};
  return {};
}

export function errorMessage(error: unknown): string {
  if (error instanceof AxiosError) {
    if (error.code === AxiosError.ERR_CANCELED) return 'Request aborted';
    if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) return error.message;
    if (!error.response) return 'Network Error';
    const { status } = error.response;
    const detail = (error.response.data as ErrorBody)?.detail;
    // The server words its 4xx answers for people; a 5xx (or a proxy's page) only gets its status code.
    if (status >= 400 && status < 500 && typeof detail === 'string' && detail.trim()) return detail;
    return `Request failed with status code ${status}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Queries try once more after a failure, unless the server refused (4xx): asking again changes nothing. */
export const retryOnce = (failureCount: number, error: unknown) =>
  failureCount < 1 &&
  !(
    error instanceof AxiosError &&
    (error.response?.status ?? 0) >= 400 &&
    (error.response?.status ?? 0) < 500
  );

/** The server answered 404: the thing asked for does not exist, or the user may not know it does. */
export const isNotFound = (error: unknown) => error instanceof AxiosError && error.response?.status === 404;
