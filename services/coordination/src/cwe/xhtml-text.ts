// MITRE writes descriptions in XHTML (xhtml:p, xhtml:li, …). The catalogue API serves plain text.

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point =
        code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** Raw element content (possibly XHTML markup with entities) → one line of plain text. */
export function xhtmlToText(raw: string): string {
  const withoutMarkup = raw
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    // Tags become spaces so words from adjacent paragraphs or list items do not run together.
    .replace(/<[^>]*>/g, ' ');
  return decodeEntities(withoutMarkup).replace(/\s+/g, ' ').trim();
}
