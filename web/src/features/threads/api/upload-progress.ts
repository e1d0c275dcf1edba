// What both uploads (a case's artifacts, a thread's attachments) share: the file as a multipart form, and
// axios's progress events as a fraction for the progress bar. Not an endpoint of its own.
import type { AxiosProgressEvent } from 'axios';

/** Upload progress as a fraction 0..1 (or null when the browser cannot tell the total). */
export type OnProgress = (fraction: number | null) => void;

export const progress = (onProgress?: OnProgress) => (event: AxiosProgressEvent) =>
  onProgress?.(event.total ? event.loaded / event.total : (event.progress ?? null));

export function fileForm(file: File) {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** What an upload hook's mutate takes. */
export type UploadInput = { file: File; onProgress?: OnProgress };
