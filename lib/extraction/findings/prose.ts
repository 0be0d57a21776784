/**
 * Facts stated in sentences: "Revenue for the third quarter of 2024 was EUR 5.2 million",
 * "EBITDA amounted to EUR 3.6 million", "The number of employees at 30 September 2024 was 155",
 * "FY2025 revenue forecast: EUR 24.0 million". Only the first amount after the metric, and only
 * with a stating verb (was / amounted to / of / reached / grew … to / :), never a change ("increased by").
 */
import { pickExcerpt } from "../citation";
import type { Candidate, ExtractionPage, FindingPayload } from "../types";
import { PROSE_METRICS } from "./metrics";
import { parseMoneyPhrase } from "./numbers";
import { periodInSentence } from "./periods";
import { parseDateText } from "../timeline/dates";

const FORECAST = /\bforecast|budget|guidance|outlook|expect(?:s|ed)?\b|projected|target|prognos/i;
const CHANGE = /\b(increase[sd]?|decrease[sd]?|grew|declined|rose|fell|up|down|higher|lower)\s+(by\s+)?$/i;

function sentences(text: string): Array<{ s: string; start: number }> {
  const out: Array<{ s: string; start: number }> = [];
  // simple splitter that keeps decimals ("5.2") inside sentences
  let start = 0;
  const t = text;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    const end = (c === "." || c === "!" || c === "?") && (i + 1 >= t.length || /\s/.test(t[i + 1]!)) && !/\d/.test(t[i - 1] ?? "") ? i + 1
      : c === "\n" && (t[i + 1] === "\n" || t[i + 1] === "•") ? i
      : c === "•" ? i : -1;
    if (end >= 0) {
      if (end > start) out.push({ s: t.slice(start, end), start });
      start = c === "•" ? i + 1 : end;
    }
  }
  if (start < t.length) out.push({ s: t.slice(start), start });
  return out.filter((x) => x.s.trim().length > 10);
}

export function extractProseFindings(page: ExtractionPage, ctx: { fiscalYear?: number | null; fiscalPeriod?: string | null }): Candidate<FindingPayload>[] {
  const out: Candidate<FindingPayload>[] = [];
  const seen = new Set<string>();
  for (const { s, start } of sentences(page.text)) {
    const flat = s.replace(/\s+/g, " ");
    const lead = s.length - s.trimStart().length;
    // employees / customers (counts)
    const emp = /\b(?:number of employees|headcount)\b(?: (?:at|as of|on) (?<date>\d{1,2} \w+ \d{4}|\w+ \d{4}))? (?:was|of|amounted to|totalled|totaled)\s+(?<n>\d{1,3}(?:,\d{3})*|\d+)\b(?: as of (?<date2>\w+ \d{4}))?/i.exec(flat)
      ?? /\bheadcount of (?<n>\d{1,3}(?:,\d{3})*|\d+)(?: as of (?<date2>\d{0,2} ?\w+ \d{4}))?/i.exec(flat);
    if (emp) add("employees", "Number of employees", emp.groups!.n!, Number(emp.groups!.n!.replace(/,/g, "")), "count", undefined, emp.groups!.date ?? emp.groups!.date2, "operational");
    const cust = /\b(?<n>\d{1,3}(?:,\d{3})*|\d+) customers\b(?:[^.]*?\bas of (?<date>\d{0,2} ?\w+ \d{4}))?/i.exec(flat);
    if (cust) add("customers", "customers", cust.groups!.n!, Number(cust.groups!.n!.replace(/,/g, "")), "count", undefined, cust.groups!.date, "commercial");
    for (const pm of PROSE_METRICS) {
      const mm = pm.re.exec(flat);
      if (!mm) continue;
      // the metric must be what the sentence is about: near its start, not qualified away
      const before = flat.slice(0, mm.index);
      if (before.length > 45 || /\b(deferred|unearned|segment|tax|cost of|per|share of|percentage|portion)\b/i.test(before)) continue;
      if (/^\s*(tax|per share|margin|growth|retention)\b/i.test(flat.slice(mm.index + mm[0].length)) && pm.key !== "gross_margin") continue;
      const after = flat.slice(mm.index + mm[0].length);
      // percent metrics
      if (pm.key === "gross_margin") {
        const pc = /^\s*(?:was|of|amounted to|reached|:)\s+(\d+(?:\.\d+)?)%/i.exec(after);
        if (pc) add("gross_margin", mm[0], `${pc[1]}%`, Number(pc[1]), "percent", undefined, undefined, pm.domain);
        continue;
      }
      const money = parseMoneyPhrase(after);
      if (!money || money.index > 90) continue;
      const between = after.slice(0, money.index);
      if (!/\b(was|were|amounted to|totall?ed|of|reached|to|:|forecast:?|at)\s*$/i.test(between) && !/:\s*$/.test(between)) continue;
      if (CHANGE.test(between.replace(/\s*(to|by)\s*$/i, (x) => x)) && !/\bto\s*$/i.test(between)) continue;
      if (/\b(increase|decrease|growth|change)\b[^,]*$/i.test(between) && !/\bto\s*$/.test(between)) continue;
      add(pm.key, mm[0], money.raw, money.value, "currency", money.currency, undefined, pm.domain);
    }

    function add(metricKey: string, metric: string, valueText: string, valueNum: number, unit: FindingPayload["unit"], currency: string | undefined, dateText: string | undefined, domain: FindingPayload["domain"]) {
      let period = periodInSentence(flat);
      let confidence = 0.85;
      let reason = "stated in a sentence with its period";
      let dateReferenced: string | undefined;
      if (dateText) {
        const d = parseDateText(dateText);
        if (d) { dateReferenced = d.date; period = period ?? { period: d.precision === "day" ? d.date : d.date.slice(0, 7) }; }
      }
      if (!period) {
        const asOf = /\b(?:as of|as at|at|per)\s+((?:\d{1,2}\s+)?[A-Z][a-z]+\s+\d{4})/.exec(flat);
        const d = asOf ? parseDateText(asOf[1]!) : null;
        if (d) {
          dateReferenced = d.date;
          period = { period: d.precision === "day" ? d.date : d.date.slice(0, 7) };
        }
      }
      if (!period) {
        if (ctx.fiscalYear && ctx.fiscalPeriod) {
          period = { period: ctx.fiscalPeriod === "FY" ? `FY${ctx.fiscalYear}` : `${ctx.fiscalPeriod} ${ctx.fiscalYear}` };
          // an annual report's sentences speak of its own year; an interim report's may mix periods
          confidence = ctx.fiscalPeriod === "FY" ? 0.8 : 0.7;
          reason = "stated in a sentence; period taken from the document's own period";
        } else {
          confidence = 0.55;
          reason = "stated in a sentence without a period";
        }
      }
      const key = `${metricKey}|${period?.period ?? "-"}|p${page.pageNumber}`;
      if (seen.has(key)) return;
      const idx = s.indexOf(valueText.split(" ")[0]!);
      const pos = idx >= 0 ? start + idx : start + lead;
      const excerpt = pickExcerpt(page.text, Math.max(start + lead, pos - 1), Math.min(page.text.length, pos + valueText.length), "sentence");
      if (!excerpt) return;
      seen.add(key);
      out.push({
        candidateType: "finding",
        candidateKey: key,
        payload: { metric, metricKey, valueText, valueNum, unit, currency, period: period?.period, periodEnd: period?.periodEnd, isForecast: FORECAST.test(flat), dateReferenced, domain },
        confidenceScore: confidence,
        confidenceReason: reason,
        evidence: { text: excerpt, page: page.pageNumber },
        evidenceType: "prose",
      });
    }
  }
  return out;
}
