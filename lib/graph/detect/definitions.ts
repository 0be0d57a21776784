/**
 * Whether two figures filed under one metric key measure the same thing. A restatement or a
 * conflict needs the same line item, the same period and the same definition; a total and one of
 * its parts never conflict ("Capital expenditure, including capitalised development costs" vs
 * "Purchase of property, plant and equipment"), nor do an adjusted and a reported figure, an
 * average and a period-end count.
 *
 * A figure's definition is what its label says beyond the metric itself (the words that are not
 * the metric key's own, its synonyms or generic filler), plus any inclusion or exclusion the
 * sentence attaches to it ("including …", "excluding …", "before …"). Two definitions are the same
 * when both say nothing beyond the metric, or when both name mostly the same specifics (label
 * variants across years: "Purchases of property and equipment" / "Purchases of property, plant and
 * equipment"). A figure whose label is unknown is taken as the metric itself.
 */
import { stemWord } from "@/lib/search/stemming";
import { plainWords } from "@/lib/text-keys";

export interface DefinitionInput {
  metricKey: string;
  /** The label as written ("Purchase of property, plant and equipment", "Revenue 2"). */
  metric?: string | null;
  /** The cited excerpt: a prose figure's qualifiers are read from it. */
  excerpt?: string | null;
}

/** Words that never change what a figure measures. */
const FILLER = new Set(
  ("the of for from in a an and or to by on at with its our their company group consolidated total net reported amount amounts figure " +
    "year years period periods quarter quarters full fy month months ended ending as per was were is are be been number " +
    "eur usd sek gbp dkk nok chf jpy cad aud thousand thousands million millions billion billions k m mn bn tkr mkr msek meur musd " +
    "amounted came stood reached totalled totaled activities note " +
    "årets året för av och från den det summa totalt koncernen antal verksamheten löpande").split(" "),
);

/** Words that name the same thing under different labels (a metric's synonyms). */
const SYNONYMS: Record<string, string> = {
  revenue: "revenue", revenues: "revenue", sale: "revenue", sales: "revenue", turnover: "revenue",
  profit: "profit", profits: "profit", income: "profit", earning: "profit", earnings: "profit", result: "profit", results: "profit",
  expenditure: "capex", expenditures: "capex", expense: "expense", expenses: "expense", cost: "expense", costs: "expense", capex: "capex",
  spending: "capex", spend: "capex", capital: "capex",
  operating: "operating", operation: "operating", operations: "operating", operational: "operating",
  employee: "employee", employees: "employee", headcount: "employee", staff: "employee", fte: "employee", ftes: "employee", personnel: "employee",
  cash: "cash", flow: "cash", flows: "cash", generated: "cash", provided: "cash", used: "cash",
  debt: "debt", debts: "debt", borrowing: "debt", borrowings: "debt", loan: "debt", loans: "debt",
  margin: "margin", margins: "margin",
  // Swedish reports
  nettoomsättning: "revenue", omsättning: "revenue", intäkter: "revenue", försäljning: "revenue",
  resultat: "profit", vinst: "profit", rörelseresultat: "operating", investeringar: "capex", kassaflöde: "cash",
  anställda: "employee", medarbetare: "employee", skulder: "debt", lån: "debt",
};

/** Inclusion and exclusion wording attached to a figure: part of its definition. */
const QUALIFIER = /\b(including|excluding|incl\.?|excl\.?|inclusive of|exclusive of|before|after|adjusted for|net of)\s+([^,;.()]{3,80})/gi;

/** Filler words as stems, so their other forms are filler too ("figures" of "figure"). */
const FILLER_STEMS = new Set([...FILLER].map((w) => stemWord(w)));
const isFiller = (w: string) => FILLER.has(w) || FILLER_STEMS.has(stemWord(w));

function words(text: string): string[] {
  return plainWords(text.replace(/\([^()]*\)/g, " ").replace(/&/g, " and "))
    .split(" ")
    .filter((w) => w && !/^\d+$/.test(w));
}

/** A word's group: its synonyms' name, else its stem (the search stemmer: "taxes" / "tax", "costs" / "cost"). */
const group = (w: string) => SYNONYMS[w] ?? stemWord(w);

/** The metric key's own word groups: what every label of that key says anyway. */
function keyGroups(metricKey: string): Set<string> {
  const base = metricKey.replace(/#\d+$/, "").replace(/^line:[a-z_]+:/, "");
  return new Set(base.split(/[_:\s]+/).filter(Boolean).map(group));
}

/** The words right after the label in the excerpt, up to the verb or the figure: the qualifiers there are the figure's own. */
function clauseAfterLabel(label: string, excerpt: string): string {
  const flat = (t: string) => t.replace(/\s+/g, " ").toLowerCase();
  const at = flat(excerpt).indexOf(flat(label).trim());
  if (at < 0) return "";
  const after = excerpt.replace(/\s+/g, " ").slice(at + flat(label).trim().length);
  const stop = /\b(?:was|were|amounted|totall?ed|reached|came|stood|of)\b|:|\d/.exec(after);
  return stop ? after.slice(0, stop.index) : after;
}

/** The specifics of a figure's definition: label words beyond the metric, and its qualifiers. */
export function definitionWords(f: DefinitionInput): Set<string> | null {
  if (!f.metric || !f.metric.trim()) return null;
  const own = keyGroups(f.metricKey);
  const out = new Set<string>();
  for (const w of words(f.metric)) {
    if (isFiller(w)) continue;
    const g = group(w);
    if (!own.has(g)) out.add(g);
  }
  const clause = f.excerpt ? clauseAfterLabel(f.metric, f.excerpt) : "";
  for (const m of clause.matchAll(QUALIFIER)) {
    const kind = /^(?:excl|exclusive|before|net of)/i.test(m[1]!) ? "excl" : m[1]!.toLowerCase().startsWith("after") ? "after" : m[1]!.toLowerCase().startsWith("adjusted") ? "adj" : "incl";
    for (const w of words(m[2]!)) if (!FILLER.has(w)) out.add(`${kind}:${group(w)}`);
  }
  return out;
}

/** Share of specifics two definitions must have in common to be the same line item under two wordings. */
export const SAME_DEFINITION_OVERLAP = 0.6;

/** Same definition: both plain metric, or mostly the same specifics; unknown labels count as the plain metric. */
export function sameDefinition(a: DefinitionInput, b: DefinitionInput): boolean {
  if (a.metricKey !== b.metricKey) return false;
  const wa = definitionWords(a) ?? new Set<string>();
  const wb = definitionWords(b) ?? new Set<string>();
  if (wa.size === 0 || wb.size === 0) return wa.size === wb.size;
  let common = 0;
  for (const w of wa) if (wb.has(w)) common++;
  return common / (wa.size + wb.size - common) >= SAME_DEFINITION_OVERLAP;
}
