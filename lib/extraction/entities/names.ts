/** Name rules shared by the entity extractor, the validator and de-duplication. */

/** Placeholders and generic roles that are never an entity name (Swedish and English). */
export const PLACEHOLDERS = new Set([
  "utredaren", "utredare", "den särskilde utredaren", "särskild utredare", "särskilde utredaren", "kommittén", "kommitten", "utredningen", "regeringen",
  "sekreteraren", "sekretariatet", "sakkunniga", "experterna", "experter", "ordföranden", "ordförande", "ledamöterna", "ledamot", "departementet",
  "statsrådet", "chefen", "statsrådet och chefen", "kungl. maj:t", "kungl maj:t", "riksdagen", "myndigheten", "inspektionen", "regeringskansliet",
  "the company", "company", "management", "the board", "board", "the group", "group", "the issuer", "the registrant", "the committee", "committee",
  "the ceo", "the cfo", "ceo", "cfo", "chair", "the chair", "the government", "government", "we", "our", "us", "the bank", "the trust",
  "the seller", "the buyer", "the target", "the investor", "investors", "shareholders", "the auditor", "auditor", "the secretary", "secretary",
]);

export const MINISTRY_RE = /departementet$|departement$|^ministry\b|\bministry of\b|\bdepartment of\b|^statsrådsberedningen$/i;

export function normalizeName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[,.]?\s+(inc|incorporated|corp|corporation|co|ltd|limited|plc|ab|publ|ag|gmbh|sa|nv|bv|llc|lp|as|oy|a\/s|scsp)\.?$/gi, "")
    .replace(/[^\p{L}\p{N}\s-]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function isPlaceholder(name: string): boolean {
  const n = name.toLowerCase().replace(/\s+/g, " ").trim();
  return PLACEHOLDERS.has(n) || PLACEHOLDERS.has(n.replace(/^(the|den|det) /, "")) || n.length < 3;
}

export function isMinistryName(name: string): boolean {
  return MINISTRY_RE.test(name.trim());
}

const GENERATION = /,?\s+(?:Jr|Sr)\.?$|\s+(?:II|III|IV)$/;

/** A person's name: 2–4 capitalised words (hyphenated allowed), no digits, no ministry ending. */
export function looksLikePersonName(name: string): boolean {
  if (isMinistryName(name) || isPlaceholder(name)) return false;
  // "John J. Donahoe II", "Frank D. Yeary, Jr.": a generational suffix after the name is no word of it
  const parts = name.trim().replace(GENERATION, "").split(/\s+/);
  if (parts.length < 2 || parts.length > 5) return false;
  // no token may be a ministry, an authority or a placeholder ("Socialdepartementet Regeringen")
  if (parts.some((p) => /departementet$|departement$|myndigheten$|inspektionen$|verket$|kassan$/i.test(p) || PLACEHOLDERS.has(p.toLowerCase()))) return false;
  // "O’Brien", "D’Amelio", "McDonald", "LaBelle", "DeLuca": a capital after an apostrophe or a surname's particle
  return parts.every((p) => /^(?:\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}[\p{Ll}'’]+)*|\p{Lu}['’]\p{Lu}\p{Ll}+|(?:Ma?c|La|Le|De|Di|Du|Da|Van|Von)\p{Lu}\p{Ll}+|\p{Lu}\.|af|von|van|de|der|la)$/u.test(p));
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const m = a.length, n = b.length;
  if (!m) return n;
  if (!n) return m;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[n]!;
}

/**
 * Same entity? Organisations: equal after dropping legal suffixes ("Quillford Inc." = "Quillford") or
 * a spelling slip (edit distance ≤ 1 per 8 characters, at most 2). People: never two different
 * first names or initials — the first names must match exactly (or as initial ↔ same initial
 * only when the surnames are identical), and the surnames may differ by one slip.
 */
export function sameEntity(type: string, a: string, b: string): boolean {
  const na = normalizeName(a);
  const nb = normalizeName(b);
  if (na === nb) return true;
  if (type === "person") {
    const pa = na.split(" ");
    const pb = nb.split(" ");
    if (pa.length < 2 || pb.length < 2) return false;
    const fa = pa.slice(0, -1).join(" ");
    const fb = pb.slice(0, -1).join(" ");
    const la = pa[pa.length - 1]!;
    const lb = pb[pb.length - 1]!;
    if (fa !== fb) return false; // different first names or initials: different people
    return la.length >= 5 && levenshtein(la, lb) <= 1;
  }
  const max = Math.min(2, Math.floor(Math.max(na.length, nb.length) / 8));
  return max > 0 && levenshtein(na, nb) <= max;
}

/** A registrant's stated attribute carried in a mention's role ("employees: approximately 12,400 (as of …)"). */
const ATTRIBUTE_ROLE = /^(?:employees|headquarters|fiscal year end):\s*(.+)$/i;
/** The company speaking of itself ("we had …", "our employees", "the Company employs …"). */
const COMPANY_VOICE = /\b(?:we|our|us|the company|the group|the registrant)\b/i;

/**
 * Does an excerpt support an entity mention? It names the entity (a person exactly, by the last
 * word of the name; an organisation in any case). A mention that carries a stated attribute of
 * the company (headcount, headquarters, fiscal year end) is also supported by the company stating
 * it in its own voice ("As of June 30, 2023, we had approximately 12,400 employees"): a filing
 * rarely repeats its own name in that sentence, so the excerpt must hold the value instead.
 */
export function excerptSupportsEntity(p: { entityType: string; name: string; role?: string | null }, excerpt: string): boolean {
  const last = p.name.trim().split(/\s+/).pop() ?? "";
  if (p.entityType === "person" ? excerpt.includes(last) : excerpt.toLowerCase().includes(last.toLowerCase())) return true;
  const attr = p.entityType === "organisation" ? ATTRIBUTE_ROLE.exec(p.role ?? "") : null;
  if (!attr || !COMPANY_VOICE.test(excerpt)) return false;
  const value = /\d[\d,.]*\d|\d/.exec(attr[1]!)?.[0] ?? attr[1]!.split(/[,(]/)[0]!.trim();
  return value.length > 0 && excerpt.toLowerCase().includes(value.toLowerCase());
}
