// The fixed reactions to posts, apart from the zod schemas of threads/index.ts: the thread view needs the
// list and its emoji, and a module with schemas at its top level would bring zod into the page with it (the
// bundler keeps a module's top-level calls once anything of it is used).
/** The fixed set of reactions (emoji names). */
export const REACTIONS = [
  'thumbs_up',
  'thumbs_down',
  'heart',
  'laugh',
  'eyes',
  'rocket',
  'check',
  'question',
] as const;
export type Reaction = (typeof REACTIONS)[number];
export const REACTION_EMOJI: Record<Reaction, string> = {
  thumbs_up: '👍',
  thumbs_down: '👎',
  heart: '❤️',
  laugh: '😄',
  eyes: '👀',
  rocket: '🚀',
  check: '✅',
  question: '❓',
};
