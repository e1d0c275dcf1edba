// Not a call of its own: how the vulnerability list and the SSVC history read an answer that may come as a
// page or as a plain array.
import type { PageOf } from '@cvdp/core';

/** A list answer as a page or as a plain array: either reads as its rows. */
export const listRows = <T>(data: T[] | PageOf<T>): T[] => (Array.isArray(data) ? data : data.results);
