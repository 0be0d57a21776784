/**
 * People in the deal's documents: the person entities the extraction pipeline promoted
 * (entities + entity_mentions, with the role as written and the page it was read on). Lets
 * the agent answer "Who is the CFO?", "Summarize the management team" or "Vem förordnades som
 * särskild utredare?" from cited mentions, and say which expected roles no document names.
 */
import escapeStringRegexp from "escape-string-regexp";
import type { Queryable } from "@/lib/db";

export interface RoleSpec {
  /** How answers name the role. */
  label: string;
  /** The role in a question (English or Swedish). */
  asked: RegExp;
  /** The role as documents write it (in a mention's role or excerpt). */
  written: RegExp;
  /** Part of the executive team (what "the management team" covers). */
  executive: boolean;
  /** The role spelled out, for searching pages that no entity covers. */
  phrase: string;
}

const R = (label: string, asked: RegExp, written: RegExp, executive: boolean, phrase = label.toLowerCase()): RoleSpec => ({ label, asked, written, executive, phrase });

export const ROLES: RoleSpec[] = [
  R("CEO", /\b(?:ceo|chief executive(?: officer)?|managing director|verkställande direktör|vd)\b/i, /\bchief executive officer\b|\bceo\b|\bmanaging director\b|\bverkställande direktör\b/i, true, "chief executive officer"),
  R("CFO", /\b(?:cfo|chief financial officer|finance director|finanschef)\b/i, /\bchief financial officer\b|\bcfo\b|\bfinance director\b|\bfinanschef\b/i, true, "chief financial officer"),
  R("CTO", /\b(?:cto|chief technology officer|head of (?:technology|engineering)|teknikchef)\b/i, /\bchief technology officer\b|\bcto\b|\bhead of (?:technology|engineering)\b|\bteknikchef\b/i, true, "chief technology officer"),
  R("COO", /\b(?:coo|chief operating officer)\b/i, /\bchief operating officer\b|\bcoo\b/i, false, "chief operating officer"),
  R("Head of Sales", /\b(?:head of sales|sales director|vp sales|cso|chief (?:sales|commercial) officer|försäljningschef)\b/i, /\bhead of sales\b|\bsales director\b|\bvp sales\b|\bchief (?:sales|commercial) officer\b|\bförsäljningschef\b/i, true),
  R("Chair of the Board", /\b(?:chair(?:man|woman|person)?(?: of the board)?|ordförande)\b/i, /\bchair(?:man|woman|person)?\b|\bordförande\b/i, false),
  R("särskild utredare", /\bsärskild(?:a)? utredare(?:n)?\b|\bspecial investigator\b|\bsole investigator\b/i, /\bsärskild utredare\b/i, false),
  R("sekreterare", /\bsekreterare(?:n)?\b|\bsecretary\b/i, /\bsekreterare\b|\bsecretary\b/i, false),
  R("sakkunnig", /\bsakkunnig(?:a)?\b/i, /\bsakkunnig\b/i, false),
  R("expert", /\bexpert(?:er|s)?\b/i, /\bexpert\b/i, false),
  R("auditor", /\b(?:auditors?|revisor(?:n|er)?)\b/i, /\bauditor\b|\bauthorised public accountant\b|\brevisor\b/i, false),
];

const TEAM = /\b(?:management(?: team)?|leadership(?: team)?|executives|executive team|ledningsgrupp(?:en)?|ledning(?:en)?|key people|founders?)\b/i;

export interface PersonMention {
  role: string | null;
  documentId: string;
  document: string;
  documentKind: string | null;
  documentDate: string | null;
  page: number;
  excerpt: string;
}

export interface Person {
  name: string;
  /** Roles as written, most frequent first. */
  roles: string[];
  /** The canonical roles (ROLES labels) the mentions support. */
  roleLabels: string[];
  mentions: PersonMention[];
}

export interface PeopleRequest {
  roles: RoleSpec[];
  team: boolean;
}

/** The roles a text asks about, spelled out ("the CEO" → "chief executive officer"). */
export function rolePhrases(text: string): string[] {
  return ROLES.filter((r) => r.asked.test(text) && !text.toLowerCase().includes(r.phrase)).map((r) => r.phrase);
}

/** Roles and team words a question asks about (empty when it asks about no one). */
export function readPeopleRequest(text: string): PeopleRequest {
  return { roles: ROLES.filter((r) => r.asked.test(text)), team: TEAM.test(text) };
}

export function asksAboutPeople(text: string): boolean {
  const r = readPeopleRequest(text);
  return r.team || r.roles.length > 0 || /\b(?:who|whom|vem|vilka|vilken)\b/i.test(text);
}

/**
 * A person's name: two to four capitalised words, middle initials allowed ("Alex G. Morgan");
 * "Contact Alex Morgan" is dropped when "Alex Morgan" is also a person.
 */
export function plausibleName(name: string, all: string[]): boolean {
  const words = name.trim().split(/\s+/);
  if (words.length < 2 || words.length > 5) return false;
  const word = (w: string) => /^\p{Lu}[\p{L}'’-]+$/u.test(w);
  const initial = (w: string) => /^\p{Lu}\.$/u.test(w);
  if (!word(words[0]!) || !word(words[words.length - 1]!) || !words.every((w) => word(w) || initial(w))) return false;
  if (/\b(?:Officer|Director|Board|Report|Company|Contact|Executive|Financial|Chief|Head)\b/.test(name)) return false;
  return !all.some((o) => o !== name && o.length < name.length && new RegExp(`\\b${escapeStringRegexp(o)}$`).test(name) && words.length > o.split(/\s+/).length);
}

/**
 * The canonical roles a person's written roles support. A role qualified by a business or
 * place ("CEO Acme Cloud Services", "Chief Executive Officer, Europe") heads that part, not the
 * company; a former or honorary role ("Former Chief Executive Officer", "Chairman Emeritus") is no role.
 */
export function roleLabelsOf(p: { roles: string[] }): string[] {
  const labels = new Set<string>();
  for (const role of p.roles) {
    // a former or honorary role ("Former Chief Executive Officer", "Chairman Emeritus") is no role held now
    if (/^\s*(?:former|retired|ex-|previously|tidigare)\b/i.test(role) || /\bemerit(?:us|a)\b/i.test(role)) continue;
    const text = role.replace(/\s*\((?:executive officer|age)[^)]*\)\s*$/i, "");
    for (const r of ROLES) {
      const m = r.written.exec(text);
      if (!m) continue;
      const after = text.slice(m.index + m[0].length);
      if (r.executive && /^\s*(?:,\s*|\s|of\s+(?!the board\b))\p{Lu}/u.test(after) && !/^\s*,?\s*(?:and|&)\b/.test(after) && !/^\s*,\s*(?:President|Chair|Director|Vice|Executive|Chief|Secretary|Treasurer|General Counsel|CEO|CFO|COO|CTO)\b/.test(after)) continue;
      labels.add(r.label);
    }
  }
  return ROLES.filter((r) => labels.has(r.label)).map((r) => r.label);
}

/** Person entities of the deal with their mentions (documents, pages, excerpts). */
/** People named in the deal's documents (in `documentIds` when given: the company a question names). */
export async function loadPeople(db: Queryable, dealId: string, documentIds?: string[]): Promise<Person[]> {
  const { rows } = await db.query<{ name: string; entity_type: string; role: string | null; document_id: string; filename: string; kind: string | null; document_date: string | null; page: number; excerpt: string }>(
    `select e.name, e.entity_type, m.role, m.document_id, d.filename, d.kind, to_char(d.document_date, 'YYYY-MM-DD') as document_date, m.page, m.excerpt
       from entities e join entity_mentions m on m.entity_id = e.id join documents d on d.id = m.document_id
      where e.deal_id = $1 and d.status = 'indexed'
        and (e.entity_type = 'person' or (e.entity_type = 'organisation' and m.role = 'auditor'))
        and ($2::uuid[] is null or m.document_id = any($2::uuid[]))
      order by e.name, d.document_date desc nulls last, d.filename, m.page`,
    [dealId, documentIds ?? null],
  );
  const names = [...new Set(rows.filter((r) => r.entity_type === "person").map((r) => r.name.trim()))];
  const byName = new Map<string, Person>();
  for (const r of rows) {
    const name = r.name.trim();
    // an audit firm answers "who is the auditor?" beside the people
    if (r.entity_type === "person" && !plausibleName(name, names)) continue;
    const p = byName.get(name) ?? { name, roles: [], roleLabels: [], mentions: [] };
    const role = r.role && r.role !== "mentioned" ? r.role.replace(new RegExp(`\\s+${name.split(/\s+/)[0]}$`), "").trim() : null;
    if (role) p.roles.push(role);
    p.mentions.push({ role, documentId: r.document_id, document: r.filename, documentKind: r.kind, documentDate: r.document_date, page: Number(r.page), excerpt: r.excerpt });
    byName.set(name, p);
  }
  const out: Person[] = [];
  for (const p of byName.values()) {
    const freq = new Map<string, number>();
    for (const r of p.roles) freq.set(r, (freq.get(r) ?? 0) + 1);
    p.roles = [...freq.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([r]) => r);
    p.roleLabels = roleLabelsOf(p);
    out.push(p);
  }
  return out;
}

/**
 * The people a question is about: named in it, holding a role it names, or — for "the
 * management team" — everyone with an executive role. Ordered by the ROLES order.
 */
export function selectPeople(people: Person[], text: string): { people: Person[]; request: PeopleRequest; missingRoles: string[] } {
  const request = readPeopleRequest(text);
  const lower = text.toLowerCase();
  const named = people.filter((p) => lower.includes(p.name.toLowerCase()) || (p.name.split(/\s+/).length >= 2 && new RegExp(`\\b${p.name.split(/\s+/).pop()!.toLowerCase()}\\b`).test(lower) && new RegExp(`\\b${p.name.split(/\s+/)[0]!.toLowerCase()}\\b`).test(lower)));
  const wantedRoles = request.team ? ROLES.filter((r) => r.executive || request.roles.includes(r)) : request.roles;
  const byRole = people.filter((p) => wantedRoles.some((r) => p.roleLabels.includes(r.label)));
  const rank = (p: Person) => Math.min(...p.roleLabels.map((l) => ROLES.findIndex((r) => r.label === l)).filter((i) => i >= 0), 99);
  const chosen = [...new Map([...named, ...byRole].map((p) => [p.name, p])).values()].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  const missingRoles = wantedRoles.filter((r) => !chosen.some((p) => p.roleLabels.includes(r.label))).map((r) => r.label);
  return { people: chosen, request, missingRoles };
}

/** The mention that best introduces a person (a biography or a sentence naming the role), first. */
export function rankMentions(p: Person, role?: RoleSpec): PersonMention[] {
  const score = (m: PersonMention) =>
    (/\bbio/i.test(`${m.documentKind ?? ""} ${m.document}`) ? 4 : 0) +
    (role && role.written.test(`${m.role ?? ""} ${m.excerpt}`) ? 3 : 0) +
    (/\b(?:joined|appointed|förordnades|anställdes|previously|before joining|since)\b/i.test(m.excerpt) ? 2 : 0) +
    (m.excerpt.includes(p.name) ? 1 : 0);
  return [...p.mentions].sort((a, b) => score(b) - score(a) || (b.documentDate ?? "").localeCompare(a.documentDate ?? "") || a.page - b.page);
}
