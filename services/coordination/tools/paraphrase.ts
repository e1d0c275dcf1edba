// A deterministic paraphraser for the likely-duplicate evaluation (duplicate-eval.ts): the same text and
// seed always give the same rewording — sentences reordered, words swapped for synonyms, details dropped
// (versions, identifiers, parentheses, one sentence of several) — the way a second reporter retells a flaw.

/** Mulberry32: a small seeded generator, so every run builds the same corpus. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const seedOf = (text: string) =>
  [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);

const SYNONYMS: Record<string, string[]> = {
  vulnerability: ['flaw', 'weakness', 'security issue', 'bug'],
  vulnerable: ['affected', 'exposed'],
  allows: ['lets', 'permits', 'enables'],
  allow: ['let', 'permit', 'enable'],
  attacker: ['adversary', 'malicious user', 'attacker'],
  attackers: ['adversaries', 'malicious users'],
  remote: ['network-based', 'remote'],
  execute: ['run'],
  arbitrary: ['any', 'attacker-chosen'],
  user: ['account holder', 'user'],
  users: ['people', 'account holders'],
  via: ['through', 'by way of', 'using'],
  function: ['routine', 'method'],
  file: ['source file', 'file'],
  parameter: ['argument', 'input field'],
  manipulation: ['tampering', 'modification'],
  leads: ['results', 'gives rise'],
  crafted: ['specially made', 'malicious', 'forged'],
  unauthenticated: ['anonymous', 'not logged in'],
  authenticated: ['logged-in', 'signed-in'],
  improper: ['incorrect', 'faulty', 'insufficient'],
  insufficient: ['inadequate', 'missing'],
  issue: ['problem', 'defect'],
  affected: ['impacted'],
  affects: ['impacts', 'concerns'],
  possible: ['feasible'],
  obtain: ['get', 'gain'],
  sensitive: ['confidential', 'private'],
  information: ['data', 'details'],
  disclosure: ['leak', 'exposure'],
  denial: ['denial'],
  could: ['might', 'can'],
  may: ['might', 'can'],
  inject: ['insert', 'smuggle'],
  malicious: ['harmful', 'hostile'],
  web: ['web'],
  scripts: ['script code', 'JavaScript'],
  request: ['HTTP request', 'call'],
  requests: ['HTTP requests', 'calls'],
  due: ['owing'],
  validation: ['checking', 'verification'],
  exploit: ['abuse', 'take advantage of'],
  exploited: ['abused'],
  discovered: ['found', 'identified'],
  identified: ['found'],
  found: ['discovered'],
};

const DETAILS = [
  /\([^)]*\)/g, // parentheses
  /\b(?:VDB|GHSA|ZDI)-[\w-]+/gi, // other databases' identifiers
  /\b[0-9a-f]{20,}\b/gi, // commit hashes
  /\b(?:versions?|through|before|prior to|up to(?: and including)?)\s+v?\d[\w.-]*/gi, // versions
  /\bv?\d+\.\d+[\w.-]*/g, // bare versions
];

/** The text retold: seeded sentence order, synonyms and dropped details. */
export function paraphrase(text: string, seed: number): string {
  const rand = seeded(seed);
  let t = text;
  for (const pattern of DETAILS) t = t.replace(pattern, ' ');
  let sentences = t
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 2);
  // Drop one sentence of three or more, never the first (it names the flaw).
  if (sentences.length >= 3) sentences.splice(1 + Math.floor(rand() * (sentences.length - 1)), 1);
  // Reorder: a seeded shuffle.
  for (let i = sentences.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [sentences[i], sentences[j]] = [sentences[j], sentences[i]];
  }
  sentences = sentences.map((s) =>
    s.replace(/[A-Za-z]+/g, (word) => {
      const options = SYNONYMS[word.toLowerCase()];
      if (!options || rand() < 0.3) return word;
      const pick = options[Math.floor(rand() * options.length)];
      return word[0] === word[0].toUpperCase() ? pick[0].toUpperCase() + pick.slice(1) : pick;
    }),
  );
  return sentences.join(' ');
}
