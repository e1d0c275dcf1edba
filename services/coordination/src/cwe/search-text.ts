// What `GET api/cwe/` matches against (cwe_entries.search_text), lowercased, three lines:
//   'cwe-79 79 <name>' \n '<alternate terms>' \n '<description>'
// The first two lines are the entry's "title" for ranking: MITRE's alternate terms ('XSS' for CWE-79) are
// what people type, so a match there ranks like a name match. Lines never contain a newline themselves
// (names and descriptions are whitespace-collapsed).

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function cweSearchText(entry: {
  id: number;
  name: string;
  description: string;
  alternateTerms?: readonly string[];
}): string {
  const title = oneLine(`cwe-${entry.id} ${entry.id} ${entry.name}`);
  const alternates = oneLine((entry.alternateTerms ?? []).join(' '));
  return [title, alternates, oneLine(entry.description)].join('\n').toLowerCase();
}

/** A search text split for ranking: `words` lacks the 'cwe-79 79' id tokens, `title` is name + alternate terms. */
export function splitSearchText(id: number, searchText: string): { title: string; words: string } {
  const idTokens = `cwe-${id} ${id}`;
  const words = searchText.startsWith(idTokens) ? searchText.slice(idTokens.length).trimStart() : searchText;
  const first = words.indexOf('\n');
  const second = first < 0 ? -1 : words.indexOf('\n', first + 1);
  return { title: second < 0 ? words : words.slice(0, second), words };
}
