// A user's search words inside ILIKE: % and _ are wildcards there, so they are escaped to mean themselves.
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` with the text's own wildcards escaped. */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;
