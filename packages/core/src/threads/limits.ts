// A thread's limits, apart from the zod schemas of threads/index.ts (as reactions.ts is): the thread view needs
// them, and a module with schemas at its top level would bring zod into the page with it (the bundler keeps a
// module's top-level calls once anything of it is used).
export const THREAD_SUBJECT_MAX = 300;
export const POST_MAX_LENGTH = 100_000;
/** Posts per page: a larger page_size is capped, not refused. */
export const POSTS_MAX_PAGE_SIZE = 100;
