/** The answer to a single-figure question: the finding, else a table cell, a person, or a quoted page. */
import { formatDate } from "@/lib/agent/knowledge/describe";
import type { KbResult } from "@/lib/agent/knowledge/query";
import { classifyQuestion } from "@/lib/answers/narrative/answer-type";
import { bestFactSentence, injectionNote, narrativeFromPages, usablePages, writeNarrative } from "./excerpts";
import { cap, conflictNote, correctionNote, factSentence, fvaNote, noData } from "./phrasing";
import { isError, outputs } from "./tool-outputs";
import type { ToolExchange } from "../conversation";
import type { Plan } from "../intent";

/** Answer kinds a figure (a metric the question names) answers, when a sentence states it. */
const FIGURE_KINDS = new Set(["amount", "description"]);

const ASKS_WHO = /\b(?:who|whom|vem|vilka|vilken|name of)\b/i;

/**
 * A question the people a search found answer: it asks who, or for a person by role. A question
 * asking a date, an amount or a description ("boston properties ipo date") is answered from
 * passages, not by whoever its words happen to match (a name the extraction read as a person).
 */
function asksAboutPerson(plan: Plan, query: string): boolean {
  const kind = classifyQuestion(plan.question || query).kind;
  // (a role's word among figures asked, "(cfo / total current liabs)", asks no person)
  return kind !== "yes_no" && (ASKS_WHO.test(query) || (kind === "person" && plan.metrics.length === 0));
}

/** The figure the knowledge base chose for a result (a finding, a table row, or a sentence stating the metric), as evidence. */
function closestFigure(plan: Plan, r: KbResult): string[] {
  if (r.answer) return [factSentence(r.answer)];
  const t = r.tableValues?.[0];
  if (t) return [`${cap(t.label)} — ${t.column}: ${t.value} ${t.citation}.`];
  const hit = r.coverage === "pages" ? figureSentence(plan, r, plan.question || r.query) : undefined;
  return hit ? [`${hit.sentence.replace(/[.!]\s*$/, "")} ${hit.page.citation}.`] : [];
}

/** A question for a metric's figure; one routed to passages (whether, why, which, a part of a figure) is read as narrative. */
function asksFigure(plan: Plan, question: string): boolean {
  return !plan.passages && plan.metrics.some((m) => m.words.length > 0) && FIGURE_KINDS.has(classifyQuestion(question).kind);
}

/** A figure question's sentence stating the metric. */
function figureSentence(plan: Plan, r: KbResult, question: string) {
  return asksFigure(plan, question) ? bestFactSentence(usablePages(r.pages), r.query, plan.metrics.flatMap((m) => m.words), r.understood.period) : undefined;
}

/**
 * A question the reader could not tie to a figure of the catalog or of the deal's own labels: the
 * figures the search matched are shown as what they are, the closest evidence, with what was searched.
 */
function unreadFigureAnswer(plan: Plan, ok: KbResult[], closest: string[]): string {
  const searched = [...new Set(ok.map((r) => r.query))].map((q) => `"${q}"`).join(", ");
  return [
    `I couldn't tell which figure "${plan.question.trim()}" asks for, so I won't state one as the answer. I searched the findings and pages for ${searched}.`,
    "Closest evidence (not an answer to the question as asked):",
    ...[...new Set(closest)].slice(0, 3).map((c) => `- ${c}`),
    "If one of these is what you meant, ask for it by its name and period. Would you like me to add this question to the Q&A list for the target company?",
  ].join("\n");
}

export function writeFact(plan: Plan, done: ToolExchange[]): string {
  const results = outputs<KbResult | { error: string }>(done, "query_knowledge_base");
  const ok = results.filter((r): r is KbResult => !isError(r));
  if (ok.length === 0) {
    const err = results.find(isError);
    return `I couldn't search the knowledge base just now (${err?.error ?? "no result"}). Please try again, or rephrase the question.`;
  }
  if (plan.unreadFigure) {
    const closest = ok.flatMap((r) => closestFigure(plan, r));
    if (closest.length) return unreadFigureAnswer(plan, ok, closest);
  }
  const lines: string[] = [];
  const notes: string[] = [];
  for (const r of ok) {
    if (r.answer) {
      lines.push(factSentence(r.answer, plan.assumption));
      const c = correctionNote(r.answer, r);
      if (c) notes.push(c);
      for (const conflict of r.conflicts.filter((x) => x.sides.some((s) => s.findingId === r.answer!.id) || x.period === r.answer!.period)) notes.push(conflictNote(conflict));
      for (const x of r.forecastVsActual.filter((y) => y.actual.findingId === r.answer!.id)) notes.push(fvaNote(x));
      const age = r.notes.find((n) => n.startsWith("The figure comes from a document dated"));
      if (age) notes.push(age);
      if (r.understood.periodNote && !plan.assumption && !plan.periodLabel) notes.push(`(Period read as ${r.understood.periodNote}.)`);
    } else if (r.tableValues?.length) {
      // no extracted finding, but a table row states it: quote the cell / row with its column
      const t = r.tableValues[0]!;
      const who = r.people?.find((p) => t.label.includes(p.name));
      const scaleNote = t.scale && t.value !== t.asWritten ? ` (${t.asWritten} in ${t.scale})` : "";
      const owns = plan.metrics.some((m) => m.key === "ownership") && /%/.test(t.asWritten);
      if (t.period) lines.push(`${plan.assumption ? `${plan.assumption}, ` : ""}${cap(t.label.toLowerCase())} at ${t.column}: ${t.value}${scaleNote} ${t.citation}.`);
      else if (owns) lines.push(`${who ? `${who.name} (${who.roleLabels[0] ?? who.roles[0] ?? "named in the table"})` : cap(t.label)} holds ${t.value} of the company (${t.column.replace(/^%\s*/, "")}) ${t.citation}.`);
      else lines.push(`${who ? `${who.name} (${who.roleLabels[0] ?? who.roles[0] ?? "named in the table"})` : cap(t.label)} — ${t.column}: ${t.value}${scaleNote} ${t.citation}.`);
      notes.push(`(Read from the table in ${t.document}${t.documentDate ? `, dated ${formatDate(t.documentDate) ?? t.documentDate}` : ""}; no extracted finding covers this yet.)`);
    } else if (r.people?.length && asksAboutPerson(plan, r.query)) {
      // (whether a person did something is read from passages, not answered with who they are)
      const p = r.people[0]!;
      const role = p.roleLabels[0] ?? p.roles[0];
      lines.push(`${p.name}${role ? ` (${role})` : ""}: ${p.about.map((a) => a.text).join(" ")} ${p.about[0]!.citation}`);
      const others = r.people.slice(1, 4);
      if (others.length) notes.push(`Also: ${others.map((o) => `${o.name}${o.roleLabels[0] ?? o.roles[0] ? ` (${o.roleLabels[0] ?? o.roles[0]})` : ""} ${o.about[0]!.citation}`).join("; ")}.`);
    } else if (r.coverage === "pages") {
      const pages = usablePages(r.pages);
      const question = ok.length > 1 ? r.query : plan.question || r.query;
      // (a narrative question: a sentence naming the metric is not enough)
      const figure = asksFigure(plan, question);
      const hit = figureSentence(plan, r, question);
      if (pages.length === 0) {
        lines.push(noData(r.query, r.notes));
      } else if (hit) {
        // a figure question: the sentence that states the metric
        const sentence = hit.sentence.replace(/[.!]\s*$/, "");
        lines.push(`${plan.assumption ? `${plan.assumption}: ` : ""}${sentence} ${hit.page.citation}.`);
        const periodRead = r.understood.periodNote && !plan.assumption ? ` Period read as ${r.understood.periodNote}.` : "";
        notes.push(`(Quoted from ${hit.page.document}; no extracted finding covers this yet.${periodRead})`);
      } else if (figure) {
        lines.push(noData(r.query, r.notes));
      } else {
        // a narrative question: the sentences that answer its type, else abstain saying what was searched
        const told = narrativeFromPages(question, pages, { yesNo: plan.yesNo });
        const written = writeNarrative(told, plan.assumption);
        if (written.text) {
          lines.push(written.text);
          if (written.note) notes.push(written.note);
        } else lines.push(noData(r.query, r.notes, undefined, told.searched));
      }
      const inj = injectionNote(r.pages);
      if (inj) notes.push(inj);
    } else {
      lines.push(noData(r.query, r.notes));
    }
  }
  return [lines.join(" "), ...notes].filter(Boolean).join("\n\n");
}
