/**
 * Everyday shorthand analysts type, spelled out before a question is read, so the catalog, the
 * deal's own labels and table headings meet the whole word ("how many ppl", "what about intl?",
 * "us govt share of sales"). Only spellings that mean one thing; data, not patterns.
 */
const SPELLED_OUT: Record<string, string> = {
  ppl: "people",
  intl: "international",
  "int'l": "international",
  govt: "government",
  "gov't": "government",
  mgmt: "management",
  "st investments": "short-term investments",
  "st debt": "short-term debt",
  yr: "year",
  yrs: "years",
  approx: "approximately",
  hw: "hardware",
  sw: "software",
  comms: "communications",
  seg: "segment",
  segs: "segments",
  svc: "service",
  svcs: "services",
  mktg: "marketing",
  mfg: "manufacturing",
  biz: "business",
  ops: "operations",
  pct: "percentage",
  qtr: "quarter",
  "q ended": "quarter ended",
  "q ending": "quarter ending",
  qtrly: "quarterly",
  div: "dividend",
  divs: "dividends",
  divvy: "dividend",
  divi: "dividend",
  divis: "dividends",
  divvies: "dividends",
  rn: "now",
  "right now": "now",
  "at the moment": "now",
  pac: "pacific",
  latam: "latin america",
  emps: "employees",
  hc: "headcount",
  cust: "customer",
  custs: "customers",
  amort: "amortization",
  acq: "acquisition",
  acqs: "acquisitions",
  sbc: "stock-based compensation",
  fx: "foreign exchange",
  forex: "foreign exchange",
  gm: "gross margin",
  bps: "basis points",
  rev: "revenue",
  "op inc": "operating income",
  "operating inc": "operating income",
  op: "operating",
  revs: "revenues",
  chg: "change",
  cf: "cash flow",
  ni: "net income",
  attrib: "attributable",
  "attrib.": "attributable",
  "ch. 11": "chapter 11",
  "ch 11": "chapter 11",
  eff: "effective",
  thru: "through",
  "these days": "now",
  nowadays: "now",
  // everyday ways of saying "excluding" ("leaving out MuleSoft, Tableau and Slack")
  "leaving out": "excluding",
  "not counting": "excluding",
  "setting aside": "excluding",
  "stripping out": "excluding",
  // "buying back its own shares": whose shares, no word of the figure's name ("how much does the CEO own" keeps its verb)
  "its own": "its",
  "their own": "their",
  "our own": "our",
  // question words typed without their apostrophe
  whats: "what's",
  hows: "how's",
  whos: "who's",
  wheres: "where's",
};

// (longest first: "outside of the u.s." before "outside the us"; a key's stops are stops)
const WORD = new RegExp(`(?<![\\p{L}\\p{N}'])(${Object.keys(SPELLED_OUT).sort((a, b) => b.length - a.length).map((k) => k.replace(/[.]/g, "\\.").replace(/'/g, "['’]")).join("|")})(?![\\p{L}\\p{N}'])`, "giu");

/**
 * The text with each shorthand word spelled out, its case kept where it is all capitals ("INTL" →
 * "INTERNATIONAL"). `keep`: words that are names in this data room (a ticker "GM" is the company,
 * not gross margin), left as typed.
 */
export function spellOut(text: string, keep: ReadonlySet<string> = new Set()): string {
  return text.replace(WORD, (m: string) => {
    if (keep.has(m.toLowerCase())) return m;
    const full = SPELLED_OUT[m.toLowerCase().replace(/’/g, "'")] ?? m;
    return m === m.toUpperCase() && m !== m.toLowerCase() ? full.toUpperCase() : full;
  });
}
