import type { PageOf } from '@cvdp/core';

/** A list answer as a page or as a plain array: either reads as its rows. */
export const pageRows = <T>(data: T[] | PageOf<T>): T[] => (Array.isArray(data) ? data : data.results);
