/**
 * Writing the final answer from the opened citations, per topic of the request: the figure with
 * its line item and period, or the passage, quoted exactly with its [n], or the gap in the
 * request's insufficiency phrase; sections when the request names them; the newest version of a
 * document prevails when the request asks to resolve conflicts.
 */
import { contentWords, INTRO_SENTENCE, mentionsTopic, queryCoversTopic, sentencesOf, words } from "@/lib/agent/mode/text";
import { figuresIn, laterPeriodOf, namesPeriod, proseSentences, type SourceFigure } from "@/lib/agent/mode/figures";
import { figureIsAbout, isPercent, isPoints, lineItemOf } from "@/lib/agent/mode/figure-items";
import { CAUSE, givesCause, mentionsWhole, NAME, samePeriodIfNamed, namesAmount, periodMatches, statesGrowth } from "@/lib/agent/mode/topic-gate";
import { metricIsTopic, requestTopics, type RequestTopic } from "@/lib/agent/mode/request-topics";
import type { FinalAnswer } from "@/lib/agent/mode/prompts";
import { familyOf, isProseWithFigure, questionQuery, versionKey } from "./sources";
import type { DriverState, Metric, Opened } from "./state";

const L = {
  en: { unit: "the page states amounts in", title: "Answer", source: "Source", also: "Also opened", notOpened: "search results mention this (%s) but no source was opened for it within the tool budget", missing: "no document in the data room covers %s", searched: "searched", prevails: "%s (dated %d) is the newest version of this document and prevails over %o." },
  sv: { unit: "sidan anger belopp i", title: "Svar", source: "Källa", also: "Även öppnad", notOpened: "sökträffar nämner detta (%s) men ingen källa kunde öppnas inom verktygsbudgeten", missing: "inget dokument i datarummet behandlar %s", searched: "sökt", prevails: "%s (daterad %d) är den senaste versionen av dokumentet och gäller före %o." },
};

/** The unit statement of a table page ("EUR thousands"), exactly as written. */
function unitLine(text: string): string | null {
  const m = /\b(?:EUR|SEK|USD|GBP|NOK|DKK|kr|MSEK|TSEK)\s*(?:thousands?|millions?|'000|m|k|tusen|miljoner)\b|\b(?:in\s+)?thousands\s+of\s+\w+|\btkr\b|\bMkr\b/i.exec(text);
  if (m) return m[0];
  // "(In millions)", "(Millions, except per share amounts)", "(Dollars in millions …)"
  const p = /\((?:[^()]{0,20}\bin\s+)?(millions|thousands|billions)\b[^()]{0,60}\)/i.exec(text);
  return p ? `in ${p[1]!.toLowerCase()}` : null;
}

const cap = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** The best exact passage of an opened text for a topic: a prose sentence with a figure, else a line with one. */
export function bestQuote(text: string, topic: string | null, figure: boolean, focus: string[] = []): string | null {
  const sents = sentencesOf(text).filter((s) => !/["“”]/.test(s.text) && s.text.length >= 12);
  const focusSet = new Set(focus);
  const overlap = (s: string) => new Set(contentWords(s).filter((w) => focusSet.has(w))).size;
  const score = (s: string) => (topic && mentionsTopic(s, topic) ? 6 : 0) + overlap(s) * 2 + (isProseWithFigure(s) ? 3 : 0) + (/\d/.test(s) ? 2 : 0) + (s.length >= 30 && s.length <= 220 ? 1 : 0);
  const pool = sents.filter((s) => (!figure || /\d/.test(s.text)) && (!topic || mentionsTopic(s.text, topic)));
  const list = (pool.length ? pool : sents.filter((s) => !figure || /\d/.test(s.text))).sort((a, b) => score(b.text) - score(a.text) || a.start - b.start);
  const best = list[0]?.text;
  if (!best) return null;
  if (best.length <= 220) return best.replace(/\s+$/, "");
  const cut = best.lastIndexOf(" ", 200);
  return best.slice(0, cut > 60 ? cut : 200).trim();
}

/**
 * The figure of an opened page for a topic and its period: on a line about the topic (a row's
 * line item or a sentence), for the asked period (or a page that names it when the line does not
 * say), a percentage for a ratio; prose before table rows, actuals before forecasts. `forecast`:
 * the other side of a comparison (a forecast figure, or a line naming what it is measured against).
 */
export function topicFigure(opened: Opened[], t: RequestTopic, forecast: boolean): { f: SourceFigure; o: Opened } | null {
  return topicFigures(opened, t, forecast)[0] ?? null;
}

/** Every such figure, best first. */
export function topicFigures(opened: Opened[], t: RequestTopic, forecast: boolean): Array<{ f: SourceFigure; o: Opened }> {
  const found: Array<{ f: SourceFigure; o: Opened; score: number }> = [];
  for (const o of opened) {
    if (o.role !== "evidence") continue;
    const all = figuresIn(o.text);
    for (const f of all) {
      if (!figureIsAbout(f, t.subject, t.kind === "ratio") || f.period === "comparative" || f.period === "unknown") continue;
      if ((t.kind === "ratio") !== isPercent(f) || isPoints(f)) continue; // an amount is no percentage; a change in points is neither
      const other = f.forecast || (t.against ? mentionsTopic(f.label, t.against) : false);
      if (t.kind === "comparison" && forecast !== other) continue;
      if (t.kind !== "comparison" && f.forecast) continue;
      if (t.period && !(f.period ? periodMatches(f.period, t.period, o.text) : namesPeriod(o.text, t.period))) continue;
      if (!t.period && laterPeriodOf(f, figuresIn(o.text))) continue; // no period asked: the latest
      const head = f.label.toLowerCase().replace(/\([^)]*\)/g, " ").replace(/^\s*total\s+/, "").trim();
      const lead = f.kind === "sentence" ? 0 : (mentionsTopic(f.label.split(/\s+/).slice(0, t.subject.split(" ").length + 1).join(" "), t.subject) ? 1 : 0) + (mentionsTopic(head, t.subject) && head.split(/\s+/).length <= t.subject.split(" ").length + 1 && words(head).length === words(t.subject).length ? 1.5 : 0);
      // no period asked: a sentence's first figure is its current one ("31%, down from 33% for 2030")
      const ordinal = f.kind === "sentence" ? all.filter((g) => g.line === f.line).indexOf(f) : 0;
      const base = f.kind === "sentence" ? (t.period ? (f.period ? 4.2 : 1) : 3 - ordinal * 0.8) : f.period ? 3 : 0.5;
      found.push({ f, o, score: base + lead - (f.kind === "sentence" ? 0 : f.label.split(/\s+/).length * 0.05) });
    }
  }
  found.sort((a, b) => b.score - a.score);
  return found;
}

/** The kind of margin a figure states ("gross margin", "ebitda margin"), to list each once. */
function marginKind(f: SourceFigure): string {
  const m = /([\p{L}]+)\s+margins?\b/iu.exec(lineItemOf(f));
  return (m?.[1] ?? f.label).toLowerCase();
}

/**
 * A passage about a narrative topic: the sentence that names it when it says something, else the
 * first items of the list that follows it (a "Risk factors" heading and its items).
 */
export function narrativeQuote(text: string, subject: string): string | null {
  const lines = text.split("\n");
  const at = lines.findIndex((l) => mentionsTopic(l, subject));
  if (at < 0) return null;
  const items: string[] = [];
  for (const l of lines.slice(at + 1)) {
    const m = /^\s*(?:[*•▪◦-]|\d{1,2}[.)])\s+(.+)$/.exec(l);
    if (!m) continue;
    const first = /^(.{20,240}?[.;])(?=\s*\p{Lu}|\s*$|\p{Lu})/u.exec(m[1]!)?.[1] ?? (m[1]!.length <= 240 ? m[1]! : null);
    if (first) items.push(first.trim());
    if (items.length >= 2) break;
  }
  if (items.length) return items.join("\" \"");
  // a whole sentence (across wrapped lines) that names the topic and says something about it
  const prose = proseSentences(text).map((x) => x.text);
  const substantive = (x: string) => !INTRO_SENTENCE.test(x) && !/\|/.test(x) && /^[\p{Lu}"“]/u.test(x) && x.split(/\s+/).length >= 8 && x.length <= 320 && !/["“”]/.test(x);
  const own = prose.find((x) => mentionsTopic(x, subject) && substantive(x) && x.split(/\s+/).length >= 10);
  if (own) return own;
  // the topic is only introduced ("This document presents the management team …"): the sentences that follow
  const intro = prose.findIndex((x) => mentionsTopic(x, subject));
  const next = intro < 0 ? [] : prose.slice(intro + 1).filter(substantive).slice(0, 2);
  return next.length ? next.join('" "') : null;
}

/** A sentence of the page saying what drove the subject ("Gross margin was 42%, … mainly due to higher hosting costs"), for a reason topic. */
export function reasonQuote(text: string, subject: string, asked = subject, period: string | null = null): string | null {
  const hit = proseSentences(text)
    .map((x) => x.text.replace(/^[•*▪◦-]\s*/, "").trim())
    .find((x) => mentionsWhole(x, subject, asked) && samePeriodIfNamed(x, period) && CAUSE.test(x) && !/["“”|]/.test(x) && x.length <= 320);
  if (!hit || givesCause(hit)) return hit ?? null;
  // "… primarily reflecting the following factors:": the first items of the list that follows give the causes
  const lines = text.split("\n");
  const at = lines.findIndex((l) => l.includes(hit.slice(-30)));
  const items: string[] = [];
  for (let i = at + 1; at >= 0 && i < lines.length && items.length < 2; i++) {
    const m = /^\s*[•*▪◦-]\s+(.+)$/.exec(lines[i]!);
    if (!m) {
      if (!lines[i]!.trim()) break;
      continue;
    }
    let item = m[1]!;
    for (let j = i + 1; j < lines.length && lines[j]!.trim() && !/^\s*[•*▪◦-]\s+/.test(lines[j]!); j++) item += ` ${lines[j]!.trim()}`;
    const cut = /^(.{20,260}?[;.])(?:\s|$)/.exec(item)?.[1] ?? item.slice(0, 240);
    items.push(cut.trim());
  }
  return items.length ? [hit, ...items].join('" "') : null;
}

/** A sentence of the page naming an amount topic with its figure ("Net revenue retention of 109% over the last twelve months"). */
export function amountQuote(text: string, subject: string): string | null {
  const hit = proseSentences(text)
    .map((x) => x.text.replace(/^[•*▪◦-]\s*/, "").trim())
    .find((x) => mentionsTopic(x, subject, true) && /\d/.test(x) && !/["“”|]/.test(x) && x.length <= 320);
  return hit ?? null;
}

/** The quote answering a narrative topic: its cause for a reason, its figure for an amount, else the passage about it. */
export function narrativeAnswer(text: string, t: RequestTopic): string | null {
  if (t.reason) return reasonQuote(text, t.subject, t.name, t.period);
  if (t.growth) {
    const grew = proseSentences(text).map((x) => x.text.replace(/^[•*▪◦-]\s*/, "").trim()).find((x) => statesGrowth(x, t.subject) && !/["“”|]/.test(x) && x.length <= 320);
    return grew ?? null;
  }
  if (t.who) {
    // who: a sentence about it that names someone ("Som särskild utredare förordnades … advokat Per Lind.")
    const sents = proseSentences(text).map((x) => x.text.replace(/^[•*▪◦-]\s*/, "").trim());
    // a sentence the page broke before its end ("… förordnades den 1 mars 2030" / "advokat Per Lind.") is read whole
    const whole = sents.map((x, i) => (!/[.!?:]$/.test(x) && /^\p{Ll}/u.test(sents[i + 1] ?? "") ? `${x} ${sents[i + 1]}` : x));
    const named = whole.find((x) => mentionsTopic(x, t.subject) && NAME.test(x) && !INTRO_SENTENCE.test(x) && !/["“”|]/.test(x) && x.length <= 320);
    if (named) return named;
    // else the passage about it (a list of people under its heading), when it names someone
    const passage = narrativeQuote(text, t.subject);
    return passage && NAME.test(passage) && !INTRO_SENTENCE.test(passage) ? passage : null;
  }
  return namesAmount(t) ? amountQuote(text, t.subject) : narrativeQuote(text, t.subject);
}

/** The figure as the sentence states it, with its currency and scale ("GBP 7.3 million", "17.5%"). */
function statedAmount(f: SourceFigure): string {
  const raw = f.raw.replace(/[.()$]/g, (ch) => `\\${ch}`);
  const from = Math.max(0, (f.at ?? 0) - 6);
  const m = new RegExp(`(?:(?:EUR|USD|SEK|GBP|NOK|DKK|CHF|\\$|€|£)\\s?)?${raw}(?:\\s?(?:%|percent|per cent|million|billion|thousand|bn|m\\b))?`, "i").exec(f.line.slice(from));
  return m ? m[0] : f.raw;
}

function figureStatement(x: { f: SourceFigure; o: Opened }, unitOf: (o: Opened) => string | null, withPeriod = false): string {
  const when = withPeriod && x.f.period && x.f.period !== "comparative" ? `, ${x.f.period}` : "";
  if (x.f.kind === "sentence") return `${statedAmount(x.f)}${when} — ${x.o.document}, p.${x.o.page}: "${x.f.line.trim()}" [${x.o.n}]`;
  const unit = /%$/.test(x.f.raw) ? null : unitOf(x.o);
  const quote = x.f.line.length <= 300 ? x.f.line : x.f.line.slice(0, x.f.line.lastIndexOf(" ", 280));
  return `${x.f.raw}${unit ? ` (${unit}${x.f.note ? `; note ${x.f.note}` : ""})` : x.f.note ? ` (note ${x.f.note})` : ""}${when} — ${x.o.document}, p.${x.o.page}: "${quote.trim()}" [${x.o.n}]`;
}

/** A figure's amount with the currency and scale its source states ("EUR thousands", "GBP 7.3 million"); null scale when none is stated. */
interface Amount { value: number; currency: string | null; scale: number | null; decimals: number }

const SCALES: Array<[RegExp, number]> = [[/\b(?:billions?|bn)\b/i, 1e9], [/\b(?:millions?|miljoner|m|mkr|msek|meur)\b/i, 1e6], [/\b(?:thousands?|tusen|k|tkr|tsek|teur)\b|'000/i, 1e3]];

function amountOf(x: { f: SourceFigure; o: Opened }, unitOf: (o: Opened) => string | null): Amount | null {
  if (isPercent(x.f)) return null;
  const unit = x.f.kind === "sentence" ? statedAmount(x.f) : unitOf(x.o);
  const scale = unit ? (SCALES.find(([re]) => re.test(unit))?.[1] ?? null) : null;
  const stated = unit ? (/\b(EUR|USD|SEK|GBP|NOK|DKK|CHF)\b|[$€£]/i.exec(unit)?.[0] ?? (/\b(?:[mt]sek|[mt]?kr)\b/i.test(unit) ? "SEK" : null)) : null;
  // else the currency printed right before the figure on its row ("Revenues $ 36,397")
  const at = x.f.at ?? x.f.line.indexOf(x.f.raw);
  const currency = stated ?? (at > 0 ? (/(?:\b(EUR|USD|SEK|GBP|NOK|DKK|CHF)|([$€£]))\s*$/i.exec(x.f.line.slice(0, at))?.[0]?.trim() ?? null) : null);
  const d = /\.(\d+)$/.exec(x.f.raw.replace(/[()]/g, ""))?.[1]?.length ?? 0;
  return { value: x.f.value, currency: currency ? currency.toUpperCase() : null, scale, decimals: d };
}

const SCALE_WORD: Record<number, string> = { 1e9: "billion", 1e6: "million", 1e3: "thousand" };

/**
 * Both sides of a comparison in one unit (the larger scale of the two, each converted from the
 * scale its source states) with the difference and the percentage against the comparison side:
 * "EUR 5.2 million actual against EUR 5.0 million forecast — EUR 0.2 million (4.0%) above the forecast."
 * Null when either side's scale is not stated or the currencies differ: then both are given as quoted.
 */
export function varianceStatement(a: Amount | null, b: Amount | null, sides: { a: string; b: string }, against: string): string | null {
  if (!a || !b || a.scale == null || b.scale == null) return null;
  if (a.currency && b.currency && a.currency !== b.currency) return null;
  const target = Math.max(a.scale, b.scale);
  const cur = a.currency ?? b.currency;
  const conv = (x: Amount) => (x.value * x.scale!) / target;
  // the precision: the side already in the target scale, more when the converted side needs it (5,200 thousand = 5.2 million)
  let d = Math.max(a.scale === target ? a.decimals : 0, b.scale === target ? b.decimals : 0);
  while (d < 3 && [a, b].some((x) => Math.abs(Number(conv(x).toFixed(d)) - conv(x)) > 1e-9)) d++;
  const [va, vb] = [Number(conv(a).toFixed(d)), Number(conv(b).toFixed(d))];
  if (vb === 0) return null;
  const fmt = (v: number) => `${cur ? (/^[$€£]$/.test(cur) ? cur : `${cur} `) : ""}${v.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d })}${target > 1 ? ` ${SCALE_WORD[target]}` : ""}`;
  const diff = Number((va - vb).toFixed(d));
  const pct = ((100 * (va - vb)) / Math.abs(vb)).toFixed(1);
  const head = `${fmt(va)} ${sides.a} against ${fmt(vb)} ${sides.b}`;
  if (diff === 0) return `${head} — in line with ${against}.`;
  return `${head} — ${fmt(Math.abs(diff))} (${pct.replace("-", "")}%) ${diff > 0 ? "above" : "below"} ${against}.`;
}

/** The metric engine's answer for a topic (its headline names the topic, for the period asked), when it computed one. */
export function metricFor(state: DriverState, t: RequestTopic): Metric | undefined {
  return state.metrics.find((m) => {
    const head = m.answer.split("\n")[0] ?? "";
    return m.status === "answered" && m.results.length > 0 && metricIsTopic(m.name, t) && (!t.period || head.includes(t.period) || namesPeriod(head, t.period));
  });
}

/** A computed figure: the engine's result, its formula, and each input with its page's [n] (and a statement row it read, quoted, when a quote is asked). */
function metricStatement(m: Metric, language: "en" | "sv", quote: boolean): string {
  const inputs = m.inputs.map((i) => `${i.label}, ${i.period} [${i.n}]`).join("; ");
  const formula = m.formula ? `: ${m.formula}` : "";
  const row = quote && m.rows[0] ? ` ${language === "sv" ? "Rad i rapporten" : "Statement row"}: "${m.rows[0].line}" [${m.rows[0].n}].` : "";
  return language === "sv" ? `${m.results.join(", ")} — beräknat ur rapporterna${formula}; indata: ${inputs}.${row}` : `${m.results.join(", ")} — computed from the statements${formula}; inputs: ${inputs}.${row}`;
}

/** One statement per topic of the request: the figure with its line item and period, or the passage, or the gap. */
function topicAnswer(state: DriverState, topics: RequestTopic[]): { lines: string[]; insufficiencies: Array<{ topic: string; missing: string }> } {
  const c = state.constraints;
  const t0 = L[state.language === "sv" ? "sv" : "en"];
  const evidence = state.opened.filter((o) => o.role === "evidence");
  const lines: string[] = [];
  const insufficiencies: Array<{ topic: string; missing: string }> = [];
  const unitOf = (o: Opened) => unitLine(o.text);
  for (const t of topics) {
    const at = state.question.toLowerCase().indexOf(t.name);
    const name = at >= 0 ? state.question.slice(at, at + t.name.length) : t.name;
    const label = `**${cap(name)}${t.period ? `, ${t.period}` : ""}:**`;
    if (t.kind === "ratio" && t.subject === "margin") {
      // "with margins": each margin the pages state for the period, once
      const seen = new Set<string>();
      const each = topicFigures(evidence, t, false).filter((x) => !seen.has(marginKind(x.f)) && seen.add(marginKind(x.f))).slice(0, 3);
      if (each.length) {
        lines.push(`- ${label} ${each.map((x) => `${x.f.kind === "sentence" ? "" : `${x.f.label} `}${figureStatement(x, unitOf, !t.period)}`).join("; ")}`);
        continue;
      }
    } else if (t.kind === "figure" || t.kind === "ratio") {
      const x = topicFigure(evidence, t, false);
      if (x) {
        lines.push(`- ${label} ${figureStatement(x, unitOf, !t.period)}`);
        continue;
      }
      const m = metricFor(state, t);
      if (m) {
        lines.push(`- ${label} ${metricStatement(m, state.language, c.requiresExactQuote)}`);
        continue;
      }
    } else if (t.kind === "comparison") {
      const a = topicFigure(evidence, { ...t, kind: "figure" }, false);
      // against an earlier period: the same line item for that period; else the forecast or budget figure
      const b = t.againstPeriod ? topicFigure(evidence, { ...t, kind: "figure", period: t.againstPeriod }, false) : topicFigure(evidence, t, true);
      if (a && b && a.f.value !== b.f.value) {
        const sides = { a: t.againstPeriod ? `in ${a.f.period ?? t.period ?? ""}`.trim() : "actual", b: t.againstPeriod ? `in ${t.againstPeriod}` : (t.against ?? "forecast") };
        const v = varianceStatement(amountOf(a, unitOf), amountOf(b, unitOf), sides, t.againstPeriod ?? `the ${t.against}`);
        lines.push(`- ${label} ${v ? `${v} ${t.againstPeriod ? "" : "Actual: "}` : ""}${figureStatement(a, unitOf, !!t.againstPeriod)}; against ${t.againstPeriod ?? `the ${t.against}`}: ${figureStatement(b, unitOf, !!t.againstPeriod)}`);
        continue;
      }
    } else {
      const hit = evidence.map((o) => ({ o, quote: narrativeAnswer(o.text, t) })).find((x) => x.quote);
      if (hit) {
        lines.push(`- ${label} ${hit.o.document}, p.${hit.o.page}: "${hit.quote}" [${hit.o.n}]`);
        continue;
      }
    }
    const tried = state.searches.filter((x) => queryCoversTopic(x.query, t.subject)).map((x) => `‘${x.query}’`);
    const why = `${t.name}${t.period ? ` (${t.period})` : ""}`;
    lines.push(`- ${label} **${c.insufficiencyPhrase}** — ${t0.missing.replace("%s", why)}${tried.length ? ` (${t0.searched}: ${tried.join(", ")})` : ""}.`);
    insufficiencies.push({ topic: t.name, missing: t0.missing.replace("%s", why) });
  }
  return { lines, insufficiencies };
}

export function finalAction(state: DriverState): Required<FinalAnswer> {
  const c = state.constraints;
  const topics = c.requiredSections.length ? [] : requestTopics(state.question, c);
  if (topics.length) {
    const t = L[state.language === "sv" ? "sv" : "en"];
    const { lines, insufficiencies } = topicAnswer(state, topics);
    // the sources the request had opened but no topic line cites: named, so the answer shows what was read
    const cited = new Set(lines.flatMap((l) => [...l.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))));
    const rest = state.opened.filter((o) => o.role === "evidence" && !cited.has(o.n));
    const also = rest.length ? [`${t.also}: ${rest.map((o) => `${o.document}, p.${o.page} [${o.n}]`).join("; ")}.`] : [];
    return { answer: [`## ${t.title}`, ...lines, ...also, ...newestNotes(state)].join("\n\n"), insufficiencies };
  }
  const t = L[state.language === "sv" ? "sv" : "en"];
  const phrase = c.insufficiencyPhrase;
  const figure = c.requiresExactQuote ? c.exactQuoteKind === "figure" : true;
  const sections: Array<string | null> = c.requiredSections.length ? c.requiredSections : c.requiredTopics.length ? c.requiredTopics : [null];
  const evidence = state.opened.filter((o) => o.role === "evidence");
  const used = new Set<number>();
  const primaries = new Set<number>();
  const out: string[] = [`## ${t.title}`];
  const insufficiencies: Array<{ topic: string; missing: string }> = [];

  for (const s of sections) {
    if (s) out.push(`### ${cap(s)}`);
    const sources = s ? evidence.filter((o) => mentionsTopic(o.text, s)) : evidence;
    const fresh = sources.filter((o) => !used.has(o.n));
    const primary = fresh[0] ?? sources[0];
    if (primary) {
      const quote = bestQuote(primary.text, s, figure, s ? [] : contentWords(questionQuery(state.question)));
      used.add(primary.n);
      primaries.add(primary.n);
      const unit = quote && !/\b(?:million|thousand|billion|miljoner|tusen|mkr|tkr|%)/i.test(quote) ? unitLine(primary.text) : null;
      out.push(
        quote
          ? `${primary.document}, p.${primary.page}: "${quote}" [${primary.n}]${unit ? ` (${t.unit} "${unit}")` : ""}`
          : `${t.source}: ${primary.document}, p.${primary.page} [${primary.n}]`,
      );
      const more = sources.filter((o) => o.n !== primary.n && !primaries.has(o.n) && !sections.some((x) => x && x !== s && mentionsTopic(o.text, x))).slice(0, 2);
      if (more.length) out.push(`${t.also}: ${more.map((o) => `${o.document}, p.${o.page} [${o.n}]`).join("; ")}.`);
      continue;
    }
    const topic = s ?? contentWords(state.question).slice(0, 3).join(" ");
    const hits = state.searches.flatMap((x) => x.results).filter((r) => r.role === "evidence" && r.matched.length > 0 && (!s || mentionsTopic(r.snippet, s)));
    const tried = state.searches.filter((x) => !s || queryCoversTopic(x.query, s)).map((x) => `"${x.query}"`);
    if (hits.length) {
      const where = [...new Set(hits.slice(0, 2).map((r) => `${r.document} p.${r.page}`))].join(", ");
      out.push(`**${phrase}** — ${t.notOpened.replace("%s", where)}.`);
      insufficiencies.push({ topic, missing: t.notOpened.replace("%s", where) });
    } else {
      out.push(`**${phrase}** — ${t.missing.replace("%s", topic)}${tried.length ? ` (${t.searched}: ${tried.join(", ")})` : ""}.`);
      insufficiencies.push({ topic, missing: t.missing.replace("%s", topic) });
    }
  }

  out.push(...newestNotes(state));
  return { answer: out.join("\n\n"), insufficiencies };
}

/** Newest dated document prevails among opened versions of one document. */
function newestNotes(state: DriverState): string[] {
  const t = L[state.language === "sv" ? "sv" : "en"];
  const out: string[] = [];
  if (!state.constraints.requiresConflictResolution) return out;
  const fam = new Map<string, Opened[]>();
  for (const o of state.opened.filter((x) => x.role === "evidence")) fam.set(familyOf(o), [...(fam.get(familyOf(o)) ?? []), o]);
  for (const list of fam.values()) {
    const dated = list.filter((o) => o.date);
    if (new Set(dated.map((o) => o.document)).size < 2) continue;
    const newest = dated.reduce((a, b) => (versionKey(b.document, b.date) > versionKey(a.document, a.date) ? b : a));
    const older = [...new Set(dated.filter((o) => o.document !== newest.document).map((o) => o.document))].join(", ");
    out.push(t.prevails.replace("%s", `${newest.document} [${newest.n}]`).replace("%d", newest.date ?? "").replace("%o", older));
  }
  return out;
}
