/**
 * People a question is about (a role such as CEO or "särskild utredare", "the management team",
 * a name): each with the sentences that introduce them, quoted and cited, and the roles asked
 * about that no document names.
 */
import escapeStringRegexp from "escape-string-regexp";
import { splitSentences } from "@/lib/extraction/sentences";
import { quoteAsData } from "../guardrails/injection";
import type { MetricSpec } from "./metrics";
import { loadPeople, rankMentions, readPeopleRequest, roleLabelsOf, selectPeople, ROLES, type PeopleRequest, type Person, type RoleSpec } from "./people";
import type { KbDeps, KbPerson } from "./types";

export interface PeopleAnswer {
  request: PeopleRequest;
  /** The people described (at most eight). */
  chosen: Person[];
  people?: KbPerson[];
  missingRoles?: string[];
}

export async function peopleInQuestion(deps: KbDeps, o: { query: string; metrics: MetricSpec[]; domains?: string[]; documentIds?: string[] }): Promise<PeopleAnswer> {
  const { query, metrics } = o;
  const peopleReq = readPeopleRequest(query);
  const out: PeopleAnswer = { request: peopleReq, chosen: [] };
  const wantsPeople = peopleReq.roles.length > 0 || peopleReq.team || o.domains?.includes("people") || /\b(?:who|whom|vem|vilka|vilken)\b/i.test(query);
  // financial questions that name no role, person word or ownership skip the people lookup (latency)
  const mayNamePerson = /\b[A-ZÅÄÖ][\p{Ll}]+ [A-ZÅÄÖ][\p{Ll}]+/u.test(query.replace(/^\S+\s*/, ""));
  const all = wantsPeople || mayNamePerson || metrics.length === 0 || metrics.some((m) => m.key === "ownership") ? await loadPeople(deps.db, deps.dealId, o.documentIds) : [];
  if (all.length) {
    const sel = selectPeople(all, query);
    if (sel.people.length || (wantsPeople && (peopleReq.roles.length || peopleReq.team))) {
      const described = await describePeople(deps, sel.people.slice(0, 8), peopleReq.roles[0]);
      // a person chosen for the role whose quote shows it held at another organisation or part is not the company's
      const keep = described.map((p, i) => ({ p, person: sel.people[i]! })).filter(({ p }) => !roleElsewhereInQuote(p, peopleReq.roles, query));
      out.chosen = keep.map((k) => k.person);
      out.people = keep.map((k) => k.p);
      out.missingRoles = sel.missingRoles;
    }
  }
  return out;
}

/**
 * The quote names the asked role followed by another organisation or part ("President and Chief
 * Executive Officer, Widget Cloud"), one the question does not name: the person heads that, not the
 * company asked about (the extracted role may have lost the words after the role).
 */
export function roleElsewhereInQuote(p: KbPerson, roles: RoleSpec[], question: string): boolean {
  if (!roles.length || question.toLowerCase().includes(p.name.toLowerCase())) return false;
  const text = p.about.map((a) => a.text).join(" ");
  return roles.every((r) => {
    const m = new RegExp(r.written.source, r.written.flags.replace("g", "")).exec(text);
    if (!m) return false;
    const held = text.slice(m.index, m.index + m[0].length + 60);
    const next = /^\s*,\s*(\p{Lu}[\p{L}&.-]*)/u.exec(text.slice(m.index + m[0].length))?.[1];
    return !roleLabelsOf({ roles: [held] }).includes(r.label) && !!next && !new RegExp(`\\b${escapeStringRegexp(next)}\\b`, "i").test(question);
  });
}

/** Sentences, not split after an initial or a title ("Alex G. Morgan", "— Mr. Morgan, 62, was appointed …"). */
export const sentencesOf = (t: string) => splitSentences(t.replace(/\s+/g, " "));

/** Each person with the sentences that introduce them (from a biography when there is one), cited. */
async function describePeople(deps: KbDeps, people: Person[], role?: (typeof ROLES)[number]): Promise<KbPerson[]> {
  const out: KbPerson[] = [];
  const best = people.map((p) => rankMentions(p, role)[0]!).filter(Boolean);
  const { rows } = best.length
    ? await deps.db.query<{ document_id: string; page_number: number; text: string }>(
        `select document_id, page_number, text from document_pages where deal_id = $1 and (document_id, page_number) in (select * from unnest($2::uuid[], $3::int[]))`,
        [deps.dealId, best.map((m) => m.documentId), best.map((m) => m.page)],
      )
    : { rows: [] };
  const pageText = new Map(rows.map((r) => [`${r.document_id}:${r.page_number}`, r.text]));
  const others = people.map((p) => p.name);
  for (const p of people) {
    const ranked = rankMentions(p, role);
    const m = ranked[0]!;
    const text = pageText.get(`${m.documentId}:${m.page}`) ?? m.excerpt;
    // the person's passage: from the first sentence naming them to the next person's name
    const ss = sentencesOf(text);
    const first = ss.findIndex((x) => x.includes(p.name) && (/\b(?:joined|appointed|förordnades|anställdes|is|was|has|leads|holds)\b/i.test(x) || ss.length === 1));
    const named = ss.findIndex((x) => x.includes(p.name));
    const start = first >= 0 ? first : named;
    const about: string[] = [];
    // no sentence of the page names them (a name split by the page's layout): the mention's own excerpt
    for (let i = start; i >= 0 && i < ss.length && about.length < 3; i++) {
      const x = ss[i]!;
      if (i > start && others.some((o) => o !== p.name && x.includes(o))) break;
      if (i > start && !/^(?:she|he|they|her|his|their|before|prior|since|in \d{4}|hon|han)\b/i.test(x) && !x.includes(p.name.split(/\s+/)[0]!)) break;
      // from the name on ("… are as follows: Alex G. Morgan, Chairman …" starts at the name)
      const name = escapeStringRegexp(p.name);
      about.push(x.replace(new RegExp(`^.*?(?=${name} (?:joined|was|is|has|holds|leads)|${name},)`), ""));
    }
    // an audit firm is cited by the line that names it (its signature under the report), not the page's paragraphs
    const firm = p.roleLabels.includes("auditor") && /(?:&|\b(?:LLP|LLC|Inc|Ltd|Limited|AB|AS|GmbH|plc|Partners)\b)/.test(p.name);
    const quote = about.length && !firm ? about : [m.excerpt.replace(/\s+/g, " ").replace(firm ? /^.*?(?=\/s\/)/ : /^$/, "").trim()];
    const ref = deps.sources.add({ documentId: m.documentId, document: m.document, page: m.page, excerpt: quote.join(" "), documentDate: m.documentDate, kind: m.documentKind });
    const seen = new Set([`${m.document}#${m.page}`]);
    const alsoIn: KbPerson["alsoIn"] = [];
    for (const o of ranked.slice(1)) {
      if (seen.has(`${o.document}#${o.page}`) || alsoIn.some((a) => a.document === o.document) || o.document === m.document) continue;
      seen.add(`${o.document}#${o.page}`);
      const r2 = deps.sources.add({ documentId: o.documentId, document: o.document, page: o.page, excerpt: o.excerpt, documentDate: o.documentDate, kind: o.documentKind });
      alsoIn.push({ document: o.document, page: o.page, citation: r2.citation });
      if (alsoIn.length >= 2) break;
    }
    out.push({ name: p.name, roles: p.roles.slice(0, 3), roleLabels: p.roleLabels, about: quote.map((t) => ({ text: quoteAsData(t), document: m.document, page: m.page, citation: ref.citation })), alsoIn });
  }
  return out;
}
