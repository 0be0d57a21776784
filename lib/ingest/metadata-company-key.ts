/**
 * One company, however it is written: the registrant's name on a cover page ("EXAMPLESHOP.COM, INC."),
 * a press release's ("Exampleshop.com Inc"), a file name's prefix ("EXAMPLESHOP_2017_10K") or a question's
 * ("Exampleshop's"). A normalised key drops what every company name carries — a leading "The", legal
 * forms ("Inc.", "Co.", "Corporation", "AB (publ)", "Limited Partnership"), a trailing ".com",
 * punctuation, apostrophes and "&" — so "K&L Corporation" = "K_L" = "kl", "4X Company" = "4X".
 *
 * Aliases are the shorter ways a question names a company: the key, and the first word of a
 * longer name when that word is distinctive ("Quillon" for "Quillon Systems Incorporated"), never a
 * generic word that starts many company names ("American", "General", "Best"), so "Best Harbour
 * Stores" is never named by "best" alone.
 */

/** Legal forms and name tails dropped from the end of a name (repeatedly: "Co., Inc."). */
const LEGAL_TAIL = new Set([
  "inc", "incorporated", "corp", "corporation", "co", "company", "companies", "ltd", "limited", "plc", "llc", "lp", "llp",
  "partnership", "partners", "lllp", "ab", "publ", "asa", "oyj", "oy", "as", "a", "s", "ag", "se", "sa", "nv", "bv", "gmbh",
  "spa", "kk", "holding", "holdings", "group", "com", "and", "the", "of", "aktiebolag", "aktiebolaget", "bhd", "pty", "pte",
]);

/**
 * Words that start many unrelated company names: alone they name none ("General" Mills/Motors/
 * Electric, "American" Express/Airlines, "Best" Buy). A name's first word is an alias only when
 * it is not one of these and is not ordinary question vocabulary.
 */
const GENERIC_FIRST_WORDS = new Set(
  ("american america general united first national international global world best new old great big royal standard " +
    "central southern northern eastern western southwest northwest southeast northeast pacific atlantic north south east west " +
    "capital financial energy health healthcare bank banco trust insurance life mutual federal public service services " +
    "systems technologies technology tech industries industrial products brands resources power electric gas oil motors " +
    "airlines air home city digital data software communications media entertainment foods food pharmaceuticals medical " +
    "real estate properties realty investment investors equity advanced applied allied consolidated continental diversified " +
    "dollar family golden green blue red black white silver star sun universal us usa u s the a an total what which how " +
    "net cash revenue sales income company annual quarterly report fiscal year group holdings partners team market markets " +
    "state states community people peoples one first second third pioneer premier prime select smart united western " +
    "svenska nordic nordiska scandinavian swedish danish norsk finnish european euro asia asian china chinese japan " +
    "japanese india indian canadian british australian mexican latin").split(/\s+/),
);

/** Lower case, NFKC, no apostrophes, "&" joined ("K&L" → "kl"). */
function words(name: string): string[] {
  const s = name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/['’`]/g, "")
    .replace(/(\p{L})&(\p{L})/gu, "$1$2")
    .replace(/&/g, " ");
  return s.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The name's words without a leading "the", "and"s, and its legal-form tail. */
export function coreWords(name: string): string[] {
  const w = words(name).filter((x, i) => !(i === 0 && x === "the") && x !== "and");
  const all = [...w];
  while (w.length > 1 && LEGAL_TAIL.has(w[w.length - 1]!)) w.pop();
  if (w.length === 1 && LEGAL_TAIL.has(w[0]!) && all.length > 1) return all; // a name made of legal words only
  return w;
}

/** The normalised company key: "EXAMPLESHOP.COM, INC." → "exampleshop", "The Kestrel Company" → "kestrel", "4X" → "4x". */
export function companyKey(name: string | null | undefined): string {
  if (!name) return "";
  return coreWords(name).join("");
}

/** Keys that name this company and no other: the key, the unnormalised squash, the possessive-free form. */
export function companyNameKeys(name: string | null | undefined): string[] {
  if (!name) return [];
  // "Harrow's" is asked about as "Harrow's" (question words "harrow", "s"): the form without the possessive too
  const keys = new Set<string>([companyKey(name), words(name).join(""), companyKey(name.replace(/['’]s\b/gi, ""))]);
  return [...keys].filter((k) => k.length >= 2);
}

/** A longer name's distinctive first word ("quillon" for "Quillon Systems Incorporated"), which a question may name it by. */
export function distinctiveFirstWord(name: string | null | undefined): string | undefined {
  const core = coreWords(name ?? "");
  const first = core[0];
  return core.length > 1 && first && isDistinctive(first) ? first : undefined;
}

/** Every key a question may name the company by: its name keys and a distinctive first word. */
export function companyAliases(name: string | null | undefined): string[] {
  const first = distinctiveFirstWord(name);
  return [...companyNameKeys(name), ...(first ? [first] : [])];
}

function isDistinctive(word: string): boolean {
  if (GENERIC_FIRST_WORDS.has(word)) return false;
  return word.length >= 4 || /\d/.test(word);
}

/** Commission file numbers compare without leading zeros: "001-37845" = "1-37845". */
export function normalizeFileNumber(n: string | null | undefined): string {
  const m = (n ?? "").match(/(\d+)-(\d+)/);
  return m ? `${Number(m[1])}-${Number(m[2])}` : "";
}

export interface CompanyIdentityFields {
  id: string;
  company?: string | null;
  company_key?: string | null;
  company_name?: string | null;
  ticker?: string | null;
  sec_file_number?: string | null;
}

/** Keys that name a document's company and no other (its stored key, its names' keys). */
export function documentCompanyKeys(d: Omit<CompanyIdentityFields, "id">): string[] {
  const keys = new Set<string>();
  if (d.company_key) keys.add(d.company_key);
  for (const n of [d.company_name, d.company]) for (const k of companyNameKeys(n)) keys.add(k);
  return [...keys];
}

/**
 * Groups a deal's documents by company: the same name key, the same ticker, or the same SEC file
 * number is one company ("QUILLON SYSTEMS INCORPORATED" and "Quillon Inc." share a file number). A
 * shared first word alone never joins two ("Northfield Properties", "Northfield Scientific"). Returns each document's group key (the most used company key
 * of its group); documents naming no company are left out.
 */
export function companyGroups(docs: CompanyIdentityFields[]): Map<string, string> {
  const named = docs.filter((d) => d.company_key || d.company || d.company_name);
  const parent = new Map<string, string>(named.map((d) => [d.id, d.id]));
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const union = (a: string, b: string) => parent.set(find(a), find(b));
  const owner = new Map<string, string>();
  const link = (label: string, id: string) => {
    const o = owner.get(label);
    if (o) union(id, o);
    else owner.set(label, id);
  };
  for (const d of named) {
    for (const k of documentCompanyKeys(d)) link(`k:${k}`, d.id);
    if (d.ticker) link(`t:${d.ticker.toUpperCase()}`, d.id);
    const fn = normalizeFileNumber(d.sec_file_number);
    if (fn) link(`f:${fn}`, d.id);
  }
  const members = new Map<string, CompanyIdentityFields[]>();
  for (const d of named) members.set(find(d.id), [...(members.get(find(d.id)) ?? []), d]);
  const out = new Map<string, string>();
  for (const list of members.values()) {
    const count = new Map<string, number>();
    for (const d of list) {
      const k = d.company_key || companyKey(d.company_name ?? d.company);
      if (k) count.set(k, (count.get(k) ?? 0) + 1);
    }
    const key = [...count].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))[0]?.[0] ?? "";
    for (const d of list) out.set(d.id, key);
  }
  return out;
}
