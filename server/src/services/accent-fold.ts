/**
 * Case- and accent-insensitive matching that runs the same way in JavaScript and in SQL, without the
 * unaccent extension (which a plain PostgreSQL install lacks). Folding is one character to one character,
 * so SQL's translate() can do it: 'José' and 'JOSE' both fold to 'jose'.
 */

const EXTRA: Record<string, string> = { ø: 'o', Ø: 'o', đ: 'd', Đ: 'd', ł: 'l', Ł: 'l', ħ: 'h', Ħ: 'h', ı: 'i', ŧ: 't', Ŧ: 't' };

function buildTable(): { from: string; to: string } {
  let from = '';
  let to = '';
  // Latin-1 Supplement and Latin Extended-A: the accents that names in our markets use.
  for (let code = 0xc0; code <= 0x17f; code++) {
    const ch = String.fromCharCode(code);
    const base = EXTRA[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (base !== ch && /^[a-z]$/.test(base)) {
      from += ch;
      to += base;
    }
  }
  return { from, to };
}

export const FOLD_TABLE = buildTable();

const FOLD_MAP = new Map([...FOLD_TABLE.from].map((ch, i) => [ch, FOLD_TABLE.to[i]]));

/** Lower case without accents: the form both sides of a search are compared in. */
export function foldAccents(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) out += FOLD_MAP.get(ch) ?? ch;
  return out;
}

/** The search words of a query, folded; empty words are dropped. */
export function searchTerms(query: unknown): string[] {
  if (typeof query !== 'string') return [];
  return query
    .split(/\s+/)
    .map((term) => foldAccents(term.slice(0, 100)))
    .filter(Boolean)
    .slice(0, 10);
}

/** Titles match when they contain every term; true for no terms. */
export function matchesAllTerms(text: string, terms: string[]): boolean {
  const folded = foldAccents(text);
  return terms.every((term) => folded.includes(term));
}
