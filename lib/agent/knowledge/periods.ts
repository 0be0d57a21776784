/**
 * Periods as the findings store them ("FY2023", "Q3 2024", "H1 2024", "9M 2024", "30 September 2024",
 * "September 2024") and as analysts ask for them ("Q3", "last year", "FY23", "third quarter of 2024").
 */

export type PeriodKind = "FY" | "Q" | "H" | "9M" | "point";

export interface Period {
  label: string; // canonical: FY2023 | Q3 2024 | H1 2024 | 9M 2024 | 30 September 2024
  kind: PeriodKind;
  year: number;
  n?: number; // quarter / half number
  /** Last day of the period (ISO), for ordering. */
  end: string;
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MON_RE = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";

function monthNo(s: string): number {
  const k = s.toLowerCase().slice(0, 3);
  return MONTHS.findIndex((m) => m.startsWith(k)) + 1;
}

function lastDay(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month, 0));
  return d.toISOString().slice(0, 10);
}

const ORD: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4 };

export function makePeriod(kind: PeriodKind, year: number, n?: number, month?: number, day?: number): Period {
  switch (kind) {
    case "FY":
      return { label: `FY${year}`, kind, year, end: `${year}-12-31` };
    case "Q":
      return { label: `Q${n} ${year}`, kind, year, n, end: lastDay(year, (n ?? 4) * 3) };
    case "H":
      return { label: `H${n} ${year}`, kind, year, n, end: lastDay(year, (n ?? 2) * 6) };
    case "9M":
      return { label: `9M ${year}`, kind, year, end: `${year}-09-30` };
    case "point": {
      const m = month ?? 12;
      const end = day ? `${year}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}` : lastDay(year, m);
      const name = MONTHS[m - 1]!;
      const label = `${day ? `${day} ` : ""}${name[0]!.toUpperCase()}${name.slice(1)} ${year}`;
      return { label, kind, year, end };
    }
  }
}

/** A stored period label → Period (undefined when unreadable). */
export function parsePeriod(label: string | null | undefined): Period | undefined {
  if (!label) return undefined;
  const t = label.trim();
  let m = t.match(/^(?:FY|fiscal(?:\s+year)?)\s*'?(\d{4}|\d\d)\b/i);
  if (m) return makePeriod("FY", year4(m[1]!));
  m = t.match(/^Q([1-4])\s*'?(\d{4}|\d\d)\b/i);
  if (m) return makePeriod("Q", year4(m[2]!), Number(m[1]));
  m = t.match(/^H([12])\s*'?(\d{4}|\d\d)\b/i);
  if (m) return makePeriod("H", year4(m[2]!), Number(m[1]));
  m = t.match(/^9M\s*'?(\d{4}|\d\d)\b/i);
  if (m) return makePeriod("9M", year4(m[1]!));
  m = t.match(new RegExp(`^(\\d{1,2})\\s+${MON_RE}\\.?\\s+(\\d{4})$`, "i"));
  if (m) return makePeriod("point", Number(m[3]), undefined, monthNo(m[2]!), Number(m[1]));
  m = t.match(new RegExp(`^${MON_RE}\\.?\\s+(\\d{1,2}),?\\s+(\\d{4})$`, "i"));
  if (m) return makePeriod("point", Number(m[3]), undefined, monthNo(m[1]!), Number(m[2]));
  m = t.match(new RegExp(`^${MON_RE}\\.?\\s+(\\d{4})$`, "i"));
  if (m) return makePeriod("point", Number(m[2]), undefined, monthNo(m[1]!));
  m = t.match(/^(\d{4})-(\d\d)-(\d\d)$/);
  if (m) return makePeriod("point", Number(m[1]), undefined, Number(m[2]), Number(m[3]));
  m = t.match(/^((?:19|20)\d\d)$/);
  if (m) return makePeriod("FY", Number(m[1]));
  return undefined;
}

function year4(y: string): number {
  return y.length === 2 ? 2000 + Number(y) : Number(y);
}

/** Same period? Labels compare by meaning ("FY 2023" = "FY2023"; point dates by date). */
export function samePeriod(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const pa = parsePeriod(a);
  const pb = parsePeriod(b);
  if (pa && pb) return pa.kind === pb.kind && pa.end === pb.end;
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function comparePeriods(a: string | null | undefined, b: string | null | undefined): number {
  const ea = parsePeriod(a)?.end ?? "";
  const eb = parsePeriod(b)?.end ?? "";
  return ea < eb ? -1 : ea > eb ? 1 : 0;
}

/** What the question says about time, before looking at the data. */
export interface PeriodRequest {
  /** A fully specified period ("Q3 2024", "FY2023"). */
  exact?: Period;
  /** A quarter/half without a year ("Q3") → the latest one available. */
  partial?: { kind: "Q" | "H"; n: number };
  /** Relative words. */
  relative?: "last_year" | "this_year" | "latest_quarter" | "previous_quarter" | "same_quarter_last_year" | "year_to_date";
  /** The year of a "2024 so far" / "2024 year to date" request. */
  year?: number;
  /** The raw words that expressed it. */
  phrase?: string;
}

export function readPeriodRequest(text: string): PeriodRequest {
  const t = text.replace(/[’‘]/g, "'");
  let m = t.match(/\b(?:Q([1-4])\s*(?:of\s+)?(?:FY\s*)?'?((?:19|20)\d\d|\d\d)\b|Q([1-4])((?:19|20)\d\d)\b)/i);
  if (m) return { exact: makePeriod("Q", year4(m[2] ?? m[4]!), Number(m[1] ?? m[3])), phrase: m[0] };
  m = t.match(/\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter(?:\s+of)?\s+((?:19|20)\d\d)\b/i);
  if (m) return { exact: makePeriod("Q", Number(m[2]), ORD[m[1]!.toLowerCase()]), phrase: m[0] };
  m = t.match(/\bH([12])\s*'?((?:19|20)\d\d|\d\d)\b/i) ?? null;
  if (m) return { exact: makePeriod("H", year4(m[2]!), Number(m[1])), phrase: m[0] };
  m = t.match(/\b(first|second)\s+half(?:\s+of)?\s+((?:19|20)\d\d)\b/i);
  if (m) return { exact: makePeriod("H", Number(m[2]), m[1]!.toLowerCase() === "first" ? 1 : 2), phrase: m[0] };
  m = t.match(/\b(?:9M|nine months(?: of| ended)?)\s*((?:19|20)\d\d)\b/i);
  if (m) return { exact: makePeriod("9M", Number(m[1])), phrase: m[0] };
  m = t.match(/\b(?:FY|fiscal(?:\s+year)?|full[- ]year|financial year)\s*'?((?:19|20)\d\d|\d\d)\b/i);
  if (m) return { exact: makePeriod("FY", year4(m[1]!)), phrase: m[0] };
  // A date ("30 September 2024", "September 30, 2024", "2024-09-30"): a point in time, not the year.
  m = t.match(new RegExp(`\\b(\\d{1,2})\\s+${MON_RE}\\.?\\s+((?:19|20)\\d\\d)\\b`, "i"));
  if (m) return { exact: makePeriod("point", Number(m[3]), undefined, monthNo(m[2]!), Number(m[1])), phrase: m[0] };
  m = t.match(new RegExp(`\\b${MON_RE}\\.?\\s+(\\d{1,2}),?\\s+((?:19|20)\\d\\d)\\b`, "i"));
  if (m) return { exact: makePeriod("point", Number(m[3]), undefined, monthNo(m[1]!), Number(m[2])), phrase: m[0] };
  m = t.match(/\b((?:19|20)\d\d)-(\d\d)-(\d\d)\b/);
  if (m) return { exact: makePeriod("point", Number(m[1]), undefined, Number(m[2]), Number(m[3])), phrase: m[0] };
  // "2024 so far", "2024 year to date", "YTD 2024": the latest cumulative period of that year
  m = t.match(/\b((?:19|20)\d\d)\s+(?:so far|to date|year[- ]to[- ]date|ytd)\b|\b(?:ytd|year[- ]to[- ]date)\s+((?:19|20)\d\d)\b|\bso far (?:in|this year,?)\s+((?:19|20)\d\d)\b/i);
  if (m) return { relative: "year_to_date", year: Number(m[1] ?? m[2] ?? m[3]), phrase: m[0] };
  if (/\bsame quarter (?:last|previous|prior) year\b|\bprior[- ]year quarter\b/i.test(t)) return { relative: "same_quarter_last_year", phrase: "same quarter last year" };
  if (/\b(?:last|previous|prior) quarter\b/i.test(t)) return { relative: "previous_quarter", phrase: "last quarter" };
  if (/\b(?:latest|most recent|current) quarter\b/i.test(t)) return { relative: "latest_quarter", phrase: "latest quarter" };
  if (/\b(?:last|previous|prior) year\b/i.test(t)) return { relative: "last_year", phrase: "last year" };
  if (/\b(?:this year|year to date|ytd)\b/i.test(t)) return { relative: "this_year", phrase: "this year" };
  m = t.match(/\b(?:Q([1-4])|(first|second|third|fourth) quarter)\b/i);
  if (m) return { partial: { kind: "Q", n: m[1] ? Number(m[1]) : ORD[m[2]!.toLowerCase()]! }, phrase: m[0] };
  m = t.match(/\bH([12])\b|\b(first|second) half\b/i);
  if (m) return { partial: { kind: "H", n: m[1] ? Number(m[1]) : m[2]!.toLowerCase() === "first" ? 1 : 2 }, phrase: m[0] };
  m = t.match(/(?:^|[^\w.])((?:19|20)\d\d)(?![\w.])/);
  if (m) return { exact: makePeriod("FY", Number(m[1])), phrase: m[1] };
  return {};
}

export interface ResolvedPeriod {
  period?: Period;
  /** How the period was chosen when the question did not say it outright. */
  note?: string;
}

/**
 * Resolves a request against the periods the data actually has: "Q3" → the latest Q3,
 * "last year" → the full year before the latest reported period, "latest quarter" → the latest quarter.
 */
export function resolvePeriod(req: PeriodRequest, available: string[]): ResolvedPeriod {
  if (req.exact) return { period: req.exact };
  const periods = available.map(parsePeriod).filter((p): p is Period => !!p).sort((a, b) => (a.end < b.end ? 1 : a.end > b.end ? -1 : 0));
  if (req.partial) {
    const hit = periods.find((p) => p.kind === req.partial!.kind && p.n === req.partial!.n);
    if (hit) return { period: hit, note: `${hit.label} (the latest ${req.partial.kind}${req.partial.n} in the data room)` };
    return {};
  }
  const latestFlow = periods.find((p) => p.kind === "Q") ?? periods.find((p) => p.kind !== "point");
  const latestYear = latestFlow?.year ?? periods[0]?.year;
  switch (req.relative) {
    case "last_year":
      if (latestYear === undefined) return {};
      return { period: makePeriod("FY", latestYear - 1), note: `FY${latestYear - 1}, the last full year reported` };
    case "this_year":
      if (latestYear === undefined) return {};
      return { period: makePeriod("FY", latestYear), note: `FY${latestYear} (the year in progress)` };
    case "latest_quarter": {
      const q = periods.find((p) => p.kind === "Q");
      return q ? { period: q, note: `${q.label}, the latest quarter reported` } : {};
    }
    case "year_to_date": {
      // the latest cumulative period of the year: 9M, H1 or Q1 (a single later quarter is not year to date)
      const y = req.year ?? latestYear;
      const ytd = periods.find((p) => p.year === y && (p.kind === "9M" || (p.kind === "H" && p.n === 1) || (p.kind === "Q" && p.n === 1)));
      if (ytd) return { period: ytd, note: `${ytd.label}, ${y} year to date as reported` };
      return y ? { period: makePeriod("FY", y), note: `FY${y} (the year in progress)` } : {};
    }
    case "previous_quarter": {
      const qs = periods.filter((p) => p.kind === "Q");
      return qs[0] ? { period: qs[0], note: `${qs[0].label}, the latest quarter reported` } : {};
    }
    default:
      return {};
  }
}

/** The same quarter one year earlier (Q3 2024 → Q3 2023); FY → previous FY. */
export function priorYearPeriod(p: Period): Period {
  return makePeriod(p.kind, p.year - 1, p.n);
}

/**
 * A range of quarters or halves in a question: "from Q1 to Q3 2024", "Q1 2024–Q3 2024",
 * "between Q2 and Q4 2023". The first year defaults to the last one.
 */
export function readPeriodRange(text: string): { from: Period; to: Period } | undefined {
  const m = text.match(/\b(?:from\s+|between\s+)?(Q|H)([1-4])\s*'?((?:19|20)\d\d)?\s*(?:to|until|through|and|-|–)\s*(Q|H)([1-4])\s*'?((?:19|20)\d\d)\b/i);
  if (!m || m[1]!.toUpperCase() !== m[4]!.toUpperCase()) return undefined;
  const kind = m[1]!.toUpperCase() as "Q" | "H";
  const toYear = Number(m[6]);
  const fromYear = m[3] ? Number(m[3]) : toYear;
  const from = makePeriod(kind, fromYear, Number(m[2]));
  const to = makePeriod(kind, toYear, Number(m[5]));
  return from.end <= to.end ? { from, to } : undefined;
}
