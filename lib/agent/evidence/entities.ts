/**
 * People, company facts and events as evidence, from what extraction stored with citations: the
 * executive officers with their titles (get_people), the auditor, registrant, headquarters,
 * headcount and principal customers (get_company_facts) and dated events (get_timeline). Each
 * item says which filing states it; the newest filing comes first, so "who is the CFO" reads the
 * current officer and an older filing's officer is only history.
 */
import { tidyListText } from "@/lib/display-text";
import { listEventsOf, listOrganisationMentionsCiting, listRoleMentions, type EntityMentionRow } from "@/lib/db/queries/evidence";
import { conceptById, type CompanyFact } from "../concepts/catalog";
import { findConcepts, tokens } from "../concepts/match";
import { namesAsHead } from "./head-noun";
import { runLineItems, type LineItemRow } from "./line-items";
import { runSearchDocuments, type Passage } from "./passages";
import { isScopeError, registrantKey, resolveScope, type EvidenceDeps } from "./scope";

export interface CitedItem {
  name: string;
  detail?: string;
  document: string;
  /** The filing's fiscal year, when known. */
  fiscalYear?: number;
  page: number;
  excerpt: string;
  citation: string;
  /** A later filing of the company states another item for the same question. */
  superseded?: boolean;
  /** A figure read from a table row: its value in units, the period its column ends and the row's scale as printed. */
  value?: number;
  period?: string;
  scale?: number;
}

export interface EntitiesOutput {
  company?: string;
  items: CitedItem[];
  /** A role asked that no officer list or signature names: the passages that name it, for the model to read. */
  passages?: Passage[];
  /** The newest filing in scope: "now" questions read it. */
  newestFiling?: string;
  notes: string[];
  error?: string;
}

type Deps = EvidenceDeps;

const cite = (m: EntityMentionRow, name: string, detail?: string): CitedItem => ({
  name,
  ...(detail ? { detail } : {}),
  document: m.filename,
  ...(m.fiscal_year ? { fiscalYear: m.fiscal_year } : {}),
  page: m.page,
  excerpt: m.excerpt,
  citation: `(source: ${m.filename}, p.${m.page})`,
});

/** Stems of a role without "officer": printed titles are often cut before it ("Senior Vice President and Chief Financial"). */
function roleStems(role: string): string[] {
  return tokens(role).map((t) => t.stem).filter((s) => s !== "offic" && s !== "and" && s !== "of" && s !== "the");
}

/**
 * The designation a filing's signature page gives the same office: "(Principal Financial Officer)" is the CFO
 * when the title beside it names none ("Executive Vice President, Finance (Principal Financial Officer)").
 */
const DESIGNATIONS: Record<string, string> = {
  "chief executive officer": "principal executive officer",
  "chief financial officer": "principal financial officer",
  "chief accounting officer": "principal accounting officer",
  "general counsel": "chief legal officer",
};

/**
 * Offices one person holds, printed as one designation ("Principal Executive and Financial Officer", "Chief
 * Financial and Accounting Officer", "principal executive, financial and accounting officer"), spelt out one
 * by one ("principal executive officer principal financial officer").
 */
export function oneOfficeEach(title: string): string {
  return title.replace(/\b(principal|chief)\s+((?:\p{L}+\s*,\s*)*\p{L}+)\s*,?\s+(?:and|&)\s+(\p{L}+)\s+officer\b/giu, (_m, head: string, list: string, last: string) =>
    [...list.split(/\s*,\s*/), last].map((w) => `${head} ${w} officer`).join(" "),
  );
}

/** The title holds the role's words in a row ("Chief Financial" in "EVP and Chief Financial Officer"; not "Executive … Chief" for a CEO). */
export function holdsRole(title: string, role: string): boolean {
  if (!role) return true;
  const have = ` ${tokens(oneOfficeEach(title)).map((t) => t.stem).join(" ")} `;
  const holds = (r: string) => {
    const want = roleStems(r);
    return want.length > 0 && have.includes(` ${want.join(" ")} `);
  };
  const designation = DESIGNATIONS[role.trim().toLowerCase()];
  const initials = initialsOf(role);
  return holds(role) || (!!designation && holds(designation)) || (!!initials && have.includes(` ${initials} `));
}

/** A title of three words or more by its initials, as releases print it ("chief financial officer" → "cfo"). */
function initialsOf(role: string): string | undefined {
  const words = role.trim().toLowerCase().split(/\s+/);
  return words.length >= 3 ? words.map((w) => w[0]).join("") : undefined;
}

/** Passages of the filings (newest first) that name the role, when no officer list or signature does. */
async function passagesNaming(deps: Deps, company: string | undefined, role: string): Promise<Passage[]> {
  const found = await runSearchDocuments(deps, { query: [role, initialsOf(role)].filter(Boolean).join(" "), company, k: 6, newest: true });
  return found.passages.filter((p) => holdsRole(p.text, role)).slice(0, 4);
}

/** Mentions of the newest filing that has any, then the rest marked superseded. */
function newestFirst(mentions: EntityMentionRow[], toItem: (m: EntityMentionRow) => CitedItem): CitedItem[] {
  const newest = mentions[0]?.document_id;
  const seen = new Set<string>();
  const out: CitedItem[] = [];
  for (const m of mentions) {
    const item = toItem(m);
    const key = `${item.name}|${item.detail ?? ""}|${m.document_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(m.document_id === newest ? item : { ...item, superseded: true });
  }
  return out;
}

interface Scoped { company?: string; registrant?: string; mentions: EntityMentionRow[]; newest?: string; newestAnnual?: string; newestAnnualYear?: number; documentIds: string[] }

async function scopedMentions(deps: Deps, company?: string): Promise<Scoped | { error: string }> {
  const scope = await resolveScope(deps.db, deps.dealId, { company });
  if (isScopeError(scope)) return { error: `${scope.error} The deal holds: ${scope.companies.join("; ")}.` };
  const documentIds = scope.documents.map((d) => d.id);
  const mentions = await listRoleMentions({ db: deps.db, dealId: deps.dealId, documentIds });
  const byYear = [...scope.documents].sort((a, b) => (b.fiscalYear ?? 0) - (a.fiscalYear ?? 0));
  // facts as of a date (headcount, auditor) are restated by each annual report, not by a quarter's or an event's filing
  const annual = byYear.filter((d) => /annual/i.test(d.kind ?? ""));
  const newestAnnual = annual[0] ?? byYear[0];
  return { company: scope.company, ...(scope.registrant ? { registrant: scope.registrant } : {}), mentions, newest: byYear[0]?.filename, newestAnnual: newestAnnual?.filename, ...(newestAnnual?.fiscalYear ? { newestAnnualYear: newestAnnual.fiscalYear } : {}), documentIds };
}

function register(deps: Deps, items: CitedItem[], mentions: EntityMentionRow[]): void {
  for (const i of items) {
    const m = mentions.find((x) => x.filename === i.document && x.page === i.page);
    if (m) deps.sources.add({ documentId: m.document_id, document: m.filename, page: m.page, excerpt: m.excerpt });
  }
}

export async function runPeople(deps: Deps, input: { company?: string; role?: string; name?: string }): Promise<EntitiesOutput> {
  const got = await scopedMentions(deps, input.company);
  if ("error" in got) return { items: [], notes: [], error: got.error };
  // a person concept only when it is the whole role asked ("CFO"), not a word of it ("officer" of "chief accounting officer")
  const words = input.role ? tokens(input.role).length : 0;
  const concept = input.role ? (conceptById(input.role.trim().toLowerCase()) ?? findConcepts(input.role).find((h) => h.concept.kind === "person" && h.from === 0 && h.to === words)?.concept) : undefined;
  const role = concept?.role ?? input.role ?? "";
  // ("Boston Properties, Inc.'s Chief Executive Officer and Chief Financial Officer": the company's own name before a title is no person)
  const companyWords = new Set([got.company, got.registrant].flatMap((n) => tokens(n ?? "").map((t) => t.word)));
  const ownName = (name: string) => {
    const words = tokens(name).map((t) => t.word);
    return words.length > 0 && words.every((w) => companyWords.has(w));
  };
  const people = got.mentions.filter((m) => m.entity_type === "person" && !ownName(m.name) && holdsRole(m.role ?? "", role) && (!input.name || holdsRole(m.name, input.name)));
  // an officer listed only by a filing older than the newest annual report is history: that report names no one in the role
  const older = (i: CitedItem) => !!got.newestAnnual && i.document !== got.newestAnnual && !(got.newestAnnualYear && (i.fiscalYear ?? 0) >= got.newestAnnualYear);
  const items = officerOrder(newestFirst(people, (m) => cite(m, m.name, m.role ?? undefined)), role, got.company, got.registrant)
    .slice(0, 30)
    .map((i) => (older(i) ? { ...i, superseded: true } : i));
  register(deps, items, people);
  const stale = items.length > 0 && items.every((i) => i.superseded);
  const passages = (!items.length || stale) && role ? await passagesNaming(deps, input.company, role) : [];
  const notes: string[] = stale ? [`${got.newestAnnual} lists no executive officer with the title "${role}"; the officers below are from older filings and may no longer hold it. The passages name the title as the filings write it.`] : [];
  notes.push(...(items.length
    ? got.registrant
      ? [
          items.some((i) => namesRegistrant(i, got.registrant!, got.company))
            ? `"${got.registrant}" is a registrant of ${got.company}'s combined filings (their cover lists it): its officers are those whose title names it, listed first; the others are ${got.company}'s.`
            : `"${got.registrant}" is a registrant of ${got.company}'s combined filings (their cover lists it), but no officer's title below names it: these are the combined filing's officers, not said to be ${got.registrant}'s. Search its officers list before naming one as its officer.`,
        ]
      : []
    : passages.length
      ? [`No executive officer with the title "${role}" is listed in ${got.company ?? "the deal"}'s officer lists or signature pages; the passages below name the title: read the person from them.`]
      : [`No executive officer${role ? ` with the title "${role}"` : ""} is listed in ${got.company ?? "the deal"}'s filings, and no passage names the title.`]));
  return { ...(got.company ? { company: got.company } : {}), items, ...(passages.length ? { passages } : {}), ...(got.newest ? { newestFiling: got.newest } : {}), notes };
}

/** Words a company-level title adds to a role ("Chairman, President and Chief Executive Officer and Director"): no part of the company. */
const TITLE_WORDS = new Set([
  "and", "the", "of", "officer", "director", "directors", "chairman", "chairwoman", "chair", "board", "president", "vice", "executive", "member", "company", "corporation", "inc", "co", "group", "interim", "acting", "since", "age",
  // another office held with it ("Chief Financial Officer and Treasurer")
  "chief", "senior", "principal", "controller", "treasurer", "secretary", "accounting", "financial", "operating", "administrative", "general", "counsel", "legal",
]);

/**
 * The part of the company a title qualifies the role with ("Chief Executive Officer, <Unit>", "CEO
 * <Region>"): the words after the role other than title words and the company's own name. Undefined
 * when the title holds the role for the company itself ("Chairman, President and Chief Executive Officer").
 */
export function roleQualifier(title: string, role: string, company?: string): string | undefined {
  const bare = title.replace(/\([^)]*\)/g, " ");
  const toks = tokens(bare);
  const own = new Set(tokens(company ?? "").map((t) => t.stem));
  const designation = DESIGNATIONS[role.trim().toLowerCase()];
  const initials = initialsOf(role);
  // where the role's words end, the last time the title holds them
  let end = -1;
  for (const r of [role, designation].filter((x): x is string => !!x)) {
    const want = roleStems(r);
    for (let i = 0; want.length && i + want.length <= toks.length; i++) if (want.every((w, k) => toks[i + k]!.stem === w)) end = Math.max(end, i + want.length - 1);
  }
  if (initials) toks.forEach((t, i) => t.word === initials && (end = Math.max(end, i)));
  if (end < 0) return undefined;
  // (the role's words are read without "officer": it still belongs to them)
  while (toks[end + 1]?.word === "officer") end++;
  const rest = toks.slice(end + 1).filter((t) => !TITLE_WORDS.has(t.word) && !own.has(t.stem) && !/^\d+$/.test(t.word));
  return rest.length ? bare.slice(toks[end + 1]!.start).replace(/^[\s,;:–—-]+/, "").trim() : undefined;
}

/** The officer's title names the co-registrant: the first word of its name that the company's own name lacks ("…, Controller, Pacific"). */
function namesRegistrant(i: CitedItem, registrant: string, company?: string): boolean {
  const theirs = new Set(registrantKey(company ?? "").split(" "));
  const first = registrantKey(registrant).split(" ").find((w) => !theirs.has(w) && !TITLE_WORDS.has(w));
  return !!first && ` ${registrantKey((i.detail ?? "").replace(/\([^)]*\)/g, " "))} `.includes(` ${first} `);
}

/**
 * Officers in the order a "who is the …" question reads them: per filing (newest first), the
 * company's own holder of the role before a part's ("President and CEO, <Unit>"); when the call named
 * a co-registrant of a combined filing, the officers whose title names it first.
 */
function officerOrder(items: CitedItem[], role: string, company?: string, registrant?: string): CitedItem[] {
  const docAt = new Map<string, number>();
  items.forEach((i) => docAt.has(i.document) || docAt.set(i.document, docAt.size));
  const rank = (i: CitedItem) => (registrant ? Number(!namesRegistrant(i, registrant, company)) : Number(!!role && !!roleQualifier(i.detail ?? "", role, company)));
  return items
    .map((i, at) => ({ i, at }))
    .sort((a, b) => Number(!!a.i.superseded) - Number(!!b.i.superseded) || docAt.get(a.i.document)! - docAt.get(b.i.document)! || rank(a.i) - rank(b.i) || a.at - b.at)
    .map(({ i }) => i);
}

const FACT_ROLE: Record<CompanyFact, (role: string) => boolean> = {
  auditor: (r) => r === "auditor",
  registrant: (r) => r === "registrant",
  headquarters: (r) => r.startsWith("headquarters:"),
  incorporation: (r) => r.startsWith("incorporation:"),
  employees: (r) => r.startsWith("employees:"),
  customers: (r) => /customer/.test(r),
  subsidiaries: (r) => /subsidiar/.test(r),
};

/**
 * What a filing's sentence on each fact says, for the mentions extraction read no role from
 * (PostgreSQL regular expressions) and the words to search the newest filing with.
 */
const FACT_CUES: Record<CompanyFact, { mentions?: string; search: string }> = {
  auditor: { mentions: "independent registered public accounting firm|auditors? (report|since|of)|audited (the|our)", search: "report of independent registered public accounting firm auditor" },
  headquarters: { mentions: "headquarter|principal executive offices", search: "principal executive offices headquarters address" },
  incorporation: { search: "state or other jurisdiction of incorporation or organization" },
  employees: { search: "number of employees full-time headcount" },
  registrant: { search: "exact name of registrant as specified in its charter" },
  customers: { search: "customer accounted for percent of net sales revenue" },
  // an organisation named beside the word "subsidiaries" is no subsidiary for that: passages only
  subsidiaries: { search: "subsidiaries of the registrant" },
};

/** Facts stated as of a date: the newest filing's statement is the current one. */
const AS_OF: ReadonlySet<CompanyFact> = new Set(["employees", "headquarters", "incorporation", "auditor", "registrant"]);

type FactsOutput = EntitiesOutput & { facts: Partial<Record<CompanyFact, CitedItem[]>>; passages?: Passage[] };

/** Items for one fact: mentions whose role states it, else organisations named in a sentence on it (what extraction holds). */
async function factItems(deps: Deps, f: CompanyFact, mentions: EntityMentionRow[], documentIds: string[]): Promise<CitedItem[]> {
  const ms = mentions.filter((m) => m.entity_type !== "person" && FACT_ROLE[f](m.role ?? ""));
  const cue = FACT_CUES[f].mentions;
  // the registrant itself, named in its own sentence on the fact, is not the fact
  const own = new Set(mentions.filter((m) => m.role === "registrant").map((m) => m.name.toLowerCase()));
  const found = ms.length || !cue ? ms : (await listOrganisationMentionsCiting({ db: deps.db, dealId: deps.dealId, documentIds, pattern: cue, limit: 20 })).filter((m) => !own.has(m.name.toLowerCase()));
  // tidied: an address read before the cover reader joined printed commas once says "Street,, Town"
  const items = newestFirst(found, (m) => cite(m, m.name, ms.length ? tidyListText(m.role?.replace(/^(?:headquarters|incorporation|employees):\s*/, "") ?? "") || undefined : `named in a passage on the ${f}`)).slice(0, 10);
  register(deps, items, found);
  return items;
}

export async function runCompanyFacts(deps: Deps, input: { company?: string; facts?: CompanyFact[] }): Promise<FactsOutput> {
  const got = await scopedMentions(deps, input.company);
  if ("error" in got) return { items: [], facts: {}, notes: [], error: got.error };
  const { documentIds, newestAnnual: newest, newestAnnualYear } = got;
  const wanted = input.facts?.length ? input.facts : (Object.keys(FACT_ROLE) as CompanyFact[]);
  const facts: Partial<Record<CompanyFact, CitedItem[]>> = {};
  const notes: string[] = [];
  const searchNewest: CompanyFact[] = [];
  const who = got.company ?? "the deal";
  // a fact as of a date read only from a filing older than the newest annual report (a later quarter's report is not older)
  const older = (i: CitedItem) => i.document !== newest && !(newestAnnualYear && (i.fiscalYear ?? 0) >= newestAnnualYear);
  for (const f of wanted) {
    let items = await factItems(deps, f, got.mentions, documentIds);
    // a count printed as a table row ("Employees (in thousands) 125.5", "Full time equivalent headcount 70,456"), when no sentence read states it for the newest filing
    if (f === "employees" && (!items.length || (!!newest && older(items[0]!)))) {
      const rows = await countRows(deps, input.company, f);
      if (rows.length && (!items.length || rows[0]!.document === newest)) items = [...rows, ...items.map((i) => ({ ...i, superseded: true }))];
    }
    if (items.length) facts[f] = items;
    // a fact as of a date read only from an older filing is history: the newest filing is searched for the current one
    // (a later quarter's cover stating it is no older than the annual report)
    const stale = AS_OF.has(f) && items.length > 0 && !!newest && older(items[0]!);
    if (stale) {
      facts[f] = items.map((i) => ({ ...i, superseded: true }));
      notes.push(`The ${f} above is stated in an older filing (${items[0]!.document}); the newest annual report, ${newest}, states none that extraction read: read its passages below before answering for now.`);
      searchNewest.push(f);
    } else if (!items.length) {
      notes.push(`No ${f} was extracted from ${who}'s filings; the passages below are the newest filing's that may state it.`);
      searchNewest.push(f);
    }
  }
  const passages = newest && searchNewest.length ? await newestPassages(deps, input.company, newest, searchNewest) : [];
  return { ...(got.company ? { company: got.company } : {}), items: Object.values(facts).flat(), facts, ...(passages.length ? { passages } : {}), ...(newest ? { newestFiling: newest } : {}), notes };
}

/**
 * A fact that is a count, read from table rows whose label names it as its head ("Employees (in
 * thousands)", not "Proceeds from employee stock plans"): each filing's latest column, newest filing
 * first, with the period, scale and the row as printed.
 */
async function countRows(deps: Deps, company: string | undefined, f: CompanyFact): Promise<CitedItem[]> {
  const found = await runLineItems(deps, { ...(company ? { company } : {}), items: [f], limit: 4 });
  // the row's own label names the fact ("Employees (in thousands)"), not only its table's title
  const wordings = [...(conceptById(f)?.rowWords ?? []), ...(conceptById(f)?.terms ?? [f])].map((t) => tokens(t).map((x) => x.stem));
  const named = (label: string) => {
    const have = new Set(tokens(label).map((x) => x.stem));
    return wordings.some((ws) => ws.length > 0 && ws.every((w) => have.has(w)) && namesAsHead([label], ws));
  };
  // (an average over the year, "Average number of employees", is no count at a date)
  const rows = found.rows.filter((r) => named(r.label) && !/\baverage\b/i.test(r.label) && !r.unit && !r.currency && r.columns.some((c) => c.value !== null));
  const byFiling = (r: LineItemRow) => (r.filingYear ?? 0) * 10_000 + Math.max(...r.columns.map((c) => Number((c.periodEnd ?? "").replace(/-/g, "").slice(0, 8)) || 0)) / 1e8;
  return rows
    .sort((a, b) => byFiling(b) - byFiling(a))
    .map((r) => {
      const latest = [...r.columns].filter((c) => c.value !== null).sort((a, b) => (b.periodEnd ?? "").localeCompare(a.periodEnd ?? ""))[0]!;
      return {
        name: found.company ?? company ?? r.label,
        detail: `${latest.value!.toLocaleString("en-US")} (${r.label}: ${latest.printed ?? latest.value! / r.scale}, ${latest.period}${latest.periodEnd ? `, ending ${latest.periodEnd}` : ""})`,
        document: r.document,
        ...(r.filingYear ? { fiscalYear: r.filingYear } : {}),
        page: r.page,
        excerpt: r.row,
        citation: r.citation,
        value: latest.value!,
        period: latest.period,
        scale: r.scale,
      };
    });
}

/** The newest filing's passages on the facts extraction did not read from it. */
async function newestPassages(deps: Deps, company: string | undefined, document: string, facts: CompanyFact[]): Promise<Passage[]> {
  const out: Passage[] = [];
  for (const f of facts) {
    const found = await runSearchDocuments(deps, { query: FACT_CUES[f].search, company, document, k: 2 });
    for (const p of found.passages) if (!out.some((x) => x.document === p.document && x.page === p.page && x.charStart === p.charStart)) out.push(p);
  }
  return out.slice(0, 6);
}

export async function runTimeline(deps: Deps, input: { company?: string; from?: string; to?: string; limit?: number }): Promise<{ company?: string; events: Array<{ date: string; type: string; description: string | null; document: string; page: number; excerpt: string; citation: string }>; error?: string }> {
  const scope = await resolveScope(deps.db, deps.dealId, { company: input.company });
  if (isScopeError(scope)) return { events: [], error: `${scope.error} The deal holds: ${scope.companies.join("; ")}.` };
  const rows = await listEventsOf({ db: deps.db, dealId: deps.dealId, documentIds: scope.documents.map((d) => d.id), limit: 500 });
  const events = rows
    .filter((e) => (!input.from || e.event_date >= input.from) && (!input.to || e.event_date <= input.to))
    .slice(-(input.limit ?? 40))
    .map((e) => {
      deps.sources.add({ documentId: e.document_id, document: e.filename, page: e.source_page, excerpt: e.source_excerpt });
      return { date: e.event_date, type: e.event_type, description: e.description, document: e.filename, page: e.source_page, excerpt: e.source_excerpt, citation: `(source: ${e.filename}, p.${e.source_page})` };
    });
  return { ...(scope.company ? { company: scope.company } : {}), events };
}
