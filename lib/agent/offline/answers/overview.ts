/** Overviews: what the documents say about a topic or the management team, and the data room at a glance. */
import type { KbFinding, KbResult } from "@/lib/agent/knowledge/query";
import { ROLES as PERSON_ROLES } from "@/lib/agent/knowledge/people";
import { classifyQuestion } from "@/lib/answers/narrative/answer-type";
import { segmentPage } from "@/lib/answers/narrative/segment";
import { bestSentences, excerptText, injectionNote, narrativeFromPages, usablePages, writeNarrative } from "./excerpts";
import { cap, conflictNote, metricName, noData } from "./phrasing";
import { type DocList, isError, outputs } from "./tool-outputs";
import type { ToolExchange } from "../conversation";
import type { Plan } from "../intent";

const AUDITOR_ROLE = PERSON_ROLES.find((r) => r.label === "auditor")!;

const ROLES: Array<[string, RegExp]> = [
  ["CEO", /\bchief executive officer\b|\bceo\b/i],
  ["CFO", /\bchief financial officer\b|\bcfo\b/i],
  ["CTO", /\bchief technology officer\b|\bcto\b|\bhead of (?:technology|engineering)\b/i],
  ["Head of Sales", /\bhead of sales\b|\bsales director\b|\bvp sales\b/i],
];

/** Question kinds a quoted sentence answers (a summary or description gets the topic's sentences instead). */
const ANSWERED_BY_SENTENCES = new Set(["person", "organisation", "count", "date", "amount", "yes_no", "list", "reason"]);

/** A holding's column header as its basis: "% fully diluted" → " (fully diluted)"; a bare "%" or "Share" says nothing. */
export function basisOf(column: string): string {
  const basis = column.replace(/^\s*(?:%|percent(?:age)?|share(?:s)?|ownership|holding)\s*(?:of\s+shares\s*)?/i, "").replace(/^[\s(,:-]+|[\s),:-]+$/g, "").trim();
  return basis ? ` (${basis})` : "";
}

export function writeSynthesis(plan: Plan, done: ToolExchange[]): string {
  const results = outputs<KbResult | { error: string }>(done, "query_knowledge_base").filter((x): x is KbResult => !isError(x));
  const r = results[0];
  if (!r) return noData(plan.question);
  const topic = plan.topic ?? plan.question;
  const parts = [`Here's what we know about ${topic.replace(/^the /i, "the ")}:`];
  // "Who are the customers?" asks for organisations: the people the documents name do not answer it;
  // "Who is the auditor?" is answered by the audit firm the entities name (it is listed among the people)
  const asksAuditor = AUDITOR_ROLE.asked.test(plan.question);
  const people = classifyQuestion(plan.question).kind === "organisation" ? (r.people ?? []).filter((p) => asksAuditor && p.roleLabels.includes("auditor")) : r.people ?? [];
  if (people.length) {
    // one section per person: role, what the documents say (quoted), ownership from the cap table
    const holdings = results.flatMap((x) => x.tableValues ?? []);
    for (const p of people) {
      const role = p.roleLabels[0] ?? p.roles[0];
      const bullets = p.about.map((a) => `- ${a.text} ${a.citation}`);
      const own = holdings.find((h) => h.label.includes(p.name));
      if (own) bullets.push(`- ${/^0(?:[.,]0+)?%$/.test(own.asWritten) ? "Holds no equity" : `Owns ${own.value}`}${basisOf(own.column)} ${own.citation}`);
      if (p.alsoIn.length) bullets.push(`- Also named in ${p.alsoIn.map((a) => `${a.document} ${a.citation}`).join(" and ")}`);
      parts.push([`**${role ? `${role} – ` : ""}${p.name}**`, ...bullets].join("\n"));
    }
    const missing = r.missingRoles ?? [];
    if (missing.length) parts.push(`**Gaps:** No information found on ${missing.map((m) => (m === "CTO" ? "a CTO or other technology leader" : m)).join(" or ")} in the uploaded documents. Would you like me to add this to the Q&A list?`);
    return parts.join("\n\n");
  }
  if (r.coverage === "findings") {
    const byMetric = new Map<string, KbFinding[]>();
    for (const f of r.findings.filter((x) => x.status === "current")) byMetric.set(metricName(f), [...(byMetric.get(metricName(f)) ?? []), f]);
    for (const [m, fs] of byMetric) parts.push([`**${cap(m)}**`, ...fs.slice(0, 5).map((f) => `- ${f.period ?? "Undated"}: ${f.value} ${f.source.citation}${f.isForecast ? " (forecast)" : ""}`)].join("\n"));
    for (const c of r.conflicts) parts.push(`⚠️ ${conflictNote(c)}`);
    // nothing current to list: say so rather than a heading with nothing under it
    if (parts.length === 1) return noData(plan.question, r.notes);
  } else {
    const pages = usablePages(r.pages);
    if (pages.length === 0) return noData(plan.question, r.notes);
    if (ANSWERED_BY_SENTENCES.has(classifyQuestion(plan.question).kind)) {
      // "Who are the primary customers?", "Who is the CEO?": the sentences (or table rows) that answer it, else abstain
      const told = narrativeFromPages(plan.question, pages);
      const written = writeNarrative(told);
      const inj = injectionNote(r.pages);
      if (!written.text) return [noData(plan.question, r.notes, undefined, told.searched), inj].filter(Boolean).join("\n\n");
      return [written.text, written.note, inj].filter(Boolean).join("\n\n");
    }
    const seen = new Set<string>();
    const bullets: string[] = [];
    for (const p of pages.slice(0, 5)) {
      const words = /\b(?:management|team|leadership|executives?)\b/i.test(topic) ? `${topic} chief executive officer executive financial head joined` : topic;
      for (const s of bestSentences(p.excerpt, words, 2, true)) {
        // a heading or a table row is never an answer
        if (seen.has(s) || !segmentPage(s).some((u) => u.kind === "sentence")) continue;
        seen.add(s);
        bullets.push(`- "${s}" ${p.citation}`);
      }
    }
    if (!bullets.length) return noData(plan.question, r.notes);
    parts.push(bullets.join("\n"));
    if (/\bmanagement|team|executives?|leadership\b/i.test(topic)) {
      const text = bullets.join(" ");
      const missing = ROLES.filter(([, re]) => !re.test(text)).map(([n]) => n);
      if (missing.length) parts.push(`**Gaps:** No information found on ${missing.join(" or ")}. Add this question to the Q&A list?`);
    }
    const inj = injectionNote(r.pages);
    if (inj) parts.push(inj);
  }
  return parts.join("\n\n");
}

/** The question the exploration's description search answers (see the planner). */
export const BUSINESS_QUESTION = "What does the company do?";

/** What the company does, quoted from the pages the description search returned (with citations), or "". */
function businessDescription(done: ToolExchange[]): string {
  const search = done.find((t) => t.toolName === "query_knowledge_base" && (t.input as { question?: string }).question === BUSINESS_QUESTION);
  const r = search?.output as KbResult | { error: string } | undefined;
  if (!r || isError(r)) return "";
  const pages = usablePages(r.pages ?? []);
  if (pages.length === 0) return "";
  const told = writeNarrative(narrativeFromPages(BUSINESS_QUESTION, pages)).text;
  if (told) return told;
  // A sentence whose subject is a company (a name, "The company", "We") and whose verb is what it does.
  for (const p of pages.slice(0, 5)) {
    const sentence = excerptText(p.excerpt).split(/(?<=[.!?])\s+|\n+/).find((x) => DOES.test(x.trim()));
    if (sentence) return `"${sentence.trim()}" ${p.citation}`;
  }
  return "";
}

const DOES = /^(?:(?:[A-Z][\w&.'-]*\s+){1,5}|The company\s+|We\s+)(?:\w+ly\s+)?(?:develops|designs|makes|manufactures|sells|provides|offers|operates|delivers|builds|produces|distributes|licenses|is an? )\b/;

export function writeExploration(plan: Plan, done: ToolExchange[]): string {
  const docs = outputs<DocList>(done, "get_document_info")[0];
  const kbs = outputs<KbResult | { error: string }>(done, "query_knowledge_base").filter((r): r is KbResult => !isError(r));
  if (!docs || isError(docs) || !docs.documents) return "I couldn't list the deal's documents just now. Please try again.";
  const list = docs.documents;
  if (plan.intent === "documents") {
    return [`The data room holds ${list.length} documents:`, ...list.map((d) => `- ${d.filename} — ${d.kind ?? "document"}${d.date ? `, ${d.date}` : ""}${d.supersedes.length ? ` (supersedes ${d.supersedes.join(", ")})` : ""}${d.status !== "indexed" ? ` (${d.status})` : ""}`)].join("\n");
  }
  // Documents that could not be read are not part of the room's content: counted apart, never as "other".
  const readable = list.filter((d) => d.status === "indexed");
  const unreadable = list.filter((d) => d.status === "failed").length;
  const kinds = new Map<string, number>();
  for (const d of readable) kinds.set(d.kind ?? "other document", (kinds.get(d.kind ?? "other document") ?? 0) + 1);
  const kindText = [...kinds].map(([k, n]) => `${n} ${k}${n > 1 && !k.endsWith("s") ? "s" : ""}`).join(", ");
  const fin = kbs.map((r) => r.answer).filter((a): a is KbFinding => !!a);
  const parts = [`Here's a high-level overview of what we have${docs.targetCompany ? ` on ${docs.targetCompany}` : ""}:`];
  const business = businessDescription(done);
  if (business) parts.push(`**What the company does:** ${business}`);
  parts.push(`**Documents uploaded:** ${readable.length} ${readable.length === 1 ? "file" : "files"}${kindText ? ` (${kindText})` : ""}${unreadable ? `; ${unreadable} more could not be read` : ""}`);
  if (fin.length) parts.push(["**Key financials:**", ...fin.map((f) => `- ${cap(metricName(f))} ${f.period ?? ""}: ${f.value} ${f.source.citation}`.replace(/\s+:/, ":"))].join("\n"));
  const financial = list.filter((d) => /report|forecast|financial/i.test(d.kind ?? "")).length;
  const legal = list.filter((d) => /cap table|minutes|contract|legal/i.test(d.kind ?? "")).length;
  parts.push(`**Coverage:** ${financial >= 3 ? "strong" : financial ? "some" : "little"} on financials (${financial} financial documents), ${legal >= 3 ? "good" : "limited"} on legal and governance (${legal}).`);
  parts.push(["What would you like to explore?", "- Financial deep dive", "- Management team", "- Red flags and contradictions", "- Gaps and missing information"].join("\n"));
  return parts.join("\n\n");
}
