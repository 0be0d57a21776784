/**
 * Entity extractor (rules): people with roles (Swedish inquiry roles and English titles),
 * ministries (never people), committees and organisations, each mention with page and excerpt.
 */
import { canonicalize, pickExcerpt } from "../citation";
import type { Candidate, EntityPayload, EntityType, ExtractionContext, ExtractionPage, Extractor, ExtractorOutput } from "../types";
import { isMinistryName, isPlaceholder, looksLikePersonName, normalizeName } from "./names";

export const ENTITY_EXTRACTOR_VERSION = "1.0.0";

const NAME_WORD = "\\p{Lu}[\\p{Ll}'’]+(?:-\\p{Lu}[\\p{Ll}'’]+)?";
const NAME_RE = new RegExp(`(?<![\\p{L}])${NAME_WORD}(?:\\s+${NAME_WORD}){1,3}(?![\\p{L}])`, "gu");
const NOT_NAME_WORDS = /^(Som|Till|Att|Med|Genom|De|Den|Det|Regeringen|Utredningen|Inspektionen|Kungl|Statens|Sveriges|Riksdagen|The|Our|In|On|For|And|Of|Board|Chief|Head|Vice|Present|Also|Minutes|Verified|Before|He|She)$/;

/** Person names in a piece of text (2–4 capitalised words, not placeholders, not ministries). */
export function personNamesIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(NAME_RE)) {
    let parts = m[0].split(/\s+/);
    while (parts.length && NOT_NAME_WORDS.test(parts[0]!)) parts = parts.slice(1);
    const name = parts.join(" ");
    if (parts.length >= 2 && looksLikePersonName(name) && !/\b(?:AB|Inc|Ltd|Fund|Partners|Capital|Group)\b/.test(name) && !out.includes(name)) {
      // organisation-like tails ("Inspektionen för …", "Stockholms universitet") are not part of names
      if (/(myndigheten|kassan|verket|inspektionen|universitet|departementet|förmedlingen|kommittén|utredningen)$/i.test(name)) continue;
      out.push(name);
    }
  }
  return out;
}

const SV_ROLES: Array<{ role: string; re: RegExp }> = [
  { role: "särskild utredare", re: /\b(?:särskild utredare|särskilde utredaren?|särskild utredare)\b/gi },
  { role: "biträdande sekreterare", re: /\bbiträdande sekreterare\b/gi },
  { role: "sekreterare", re: /(?<!biträdande )\bsekreterare(?:n)?\b/gi },
  { role: "ordförande", re: /\bordförande(?:n)?\b/gi },
  { role: "sakkunnig", re: /(?<!biträda de )\bsakkunniga?\b/gi },
  { role: "expert", re: /\bexperter(?:na)?\b|\bexpert\b/gi },
  { role: "ledamot", re: /\bledamöter(?:na)?\b|\bledamot\b/gi },
];

const EN_TITLE = "(?:Chief Executive Officer|Chief Financial Officer|Chief Operating Officer|Chief Technology Officer|CEO|CFO|COO|CTO|Chair(?:man|woman|person)?(?: of the Board)?|President|Vice President[\\w ]{0,30}|Director|Board member|board member|Secretary|General Counsel|Head of [A-Z][a-z]+(?: [A-Z][a-z]+)?|Partner|Managing Director|Co-founder)";
const EN_PATTERNS: RegExp[] = [
  new RegExp(`(?<name>${NAME_WORD}(?:\\s+${NAME_WORD}){1,2})\\s*(?:,|\\(|–|-)\\s*(?:our |the )?(?<title>${EN_TITLE})\\b`, "gu"),
  new RegExp(`(?<name>${NAME_WORD}(?:\\s+${NAME_WORD}){1,2}) (?:joined [\\w ]{0,40}? as|was appointed(?: as)?|serves as|has served as) (?:the |our )?(?<title>${EN_TITLE})\\b`, "gu"),
];

const ORG_RE = /(?<![\p{L}])((?!(?:AB|Inc|Ltd|AS|Oy)\b)\p{Lu}[\p{L}&.'-]*(?:\s+(?:(?!(?:AB|Inc|Ltd|AS|Oy|A\/S)\b)\p{Lu}[\p{L}&.'-]*|of|and|&|för|och)){0,4}\s+(?:Inc\.?|Incorporated|Corporation|Corp\.|Ltd\.?|Limited|AB|A\/S|AS|Oy|GmbH|BV|SCSp|plc|LLC|Partners|Fund(?: I{1,3}| IV)?))(?![\p{L}])/gu;
const MINISTRY_WORD = /\b(\p{L}+departementet)\b/gu;
const COMMITTEE_RE = /antagit namnet\s+(.{5,120}?)(?:\s*\(([^)]{1,20})\))?(?=[,.]|\s+överlämnar)/g;

const ABBREV = /\b(?:Kungl|t|f|m|bl|dvs|resp|jfr|nr|s|o|fr|Dir|dir|p|No|Inc|Mr|Ms|Dr)$/;

/** Sentences: end at [.!?] followed by a space and a capital letter, not after an abbreviation ("fr. o. m.", "Kungl. Maj:t"). */
export function sentencesOf(text: string): Array<{ text: string; start: number }> {
  const out: Array<{ text: string; start: number }> = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (!/[.!?]/.test(text[i]!)) continue;
    const end = i + 1 >= text.length || (/^\s\p{Lu}/u.test(text.slice(i + 1, i + 3)) && !ABBREV.test(text.slice(Math.max(0, i - 6), i)));
    if (end) {
      out.push({ text: text.slice(start, i + 1), start });
      start = i + 1;
    }
  }
  if (start < text.length) out.push({ text: text.slice(start), start });
  return out;
}

interface Found { type: EntityType; name: string; role?: string; start: number; end: number; conf: number; evidence: "formal" | "prose"; reason: string }

export function extractEntitiesFromPages(pages: ExtractionPage[], ctx: Pick<ExtractionContext, "filename" | "documentKind">): ExtractorOutput {
  const out = new Map<string, Candidate<EntityPayload>>();
  const skipped: ExtractorOutput["skipped"] = [];
  const uncertainties: string[] = [];
  let rejectedPlaceholders = 0;
  let empty = 0;
  for (const page of pages) {
    if (!page.text.trim()) { empty++; continue; }
    if (page.cells?.length) continue;
    const canon = canonicalize(page.text);
    const C = canon.text;
    const found: Found[] = [];
    // Swedish roles, sentence by sentence: names after the role word get it; when none follow, the names before it
    for (const sent of sentencesOf(C)) {
      const s = sent.text;
      if (!s.trim()) continue;
      const base = sent.start;
      const roleHits: Array<{ role: string; at: number; end: number }> = [];
      for (const r of SV_ROLES) for (const m of s.matchAll(r.re)) {
        if (/tillika\s*$/.test(s.slice(Math.max(0, m.index! - 9), m.index!))) continue; // "X, tillika ordförande" qualifies X only
        roleHits.push({ role: r.role, at: m.index!, end: m.index! + m[0].length });
      }
      if (!roleHits.length) continue;
      roleHits.sort((a, b) => a.at - b.at);
      const names = [...s.matchAll(NAME_RE)].map((m) => ({ m, names: personNamesIn(m[0]) })).filter((x) => x.names.length);
      for (const { m, names: ns } of names) {
        const at = m.index!;
        const name = ns[0]!;
        const nameAt = at + m[0].indexOf(name);
        const before = roleHits.filter((r) => r.end <= nameAt);
        let role = before.length ? before[before.length - 1]!.role : roleHits[0]!.role;
        // "Rune Hermansson, tillika ordförande"
        const after = s.slice(nameAt + name.length, nameAt + name.length + 22);
        if (/^,?\s*tillika ordförande/.test(after)) found.push({ type: "person", name, role: "ordförande", start: base + nameAt, end: base + nameAt + name.length, conf: 0.9, evidence: "prose", reason: `named with "tillika ordförande"` });
        if (!before.length && !roleHits.some((r) => r.at > nameAt)) continue;
        if (!before.length) role = roleHits.find((r) => r.at > nameAt)!.role;
        found.push({ type: "person", name, role, start: base + nameAt, end: base + nameAt + name.length, conf: 0.85, evidence: "prose", reason: `named after the role "${role}" in the same sentence` });
      }
    }
    for (const re of EN_PATTERNS) {
      for (const m of C.matchAll(re)) {
        const name = personNamesIn(m.groups!.name!)[0];
        if (!name) continue;
        const at = m.index! + m[0].indexOf(name);
        found.push({ type: "person", name, role: m.groups!.title!, start: at, end: at + name.length, conf: 0.85, evidence: "prose", reason: `named with the title "${m.groups!.title}"` });
      }
    }
    // ministries: responsible when addressed ("Till statsrådet och chefen för X"), standalone on a title page, or "(Xdepartementet)" closing a directive
    for (const m of C.matchAll(MINISTRY_WORD)) {
      const raw = m[1]!;
      const name = raw[0]!.toUpperCase() + raw.slice(1);
      if (!isMinistryName(name)) continue;
      const pre = C.slice(Math.max(0, m.index! - 40), m.index!);
      const post = C.slice(m.index! + raw.length, m.index! + raw.length + 2);
      const responsible = /chefen för\s*$/i.test(pre) && page.pageNumber <= 8 || /\(\s*$/.test(pre) && /^\)/.test(post) || (page.pageNumber <= 5 && new RegExp(`(^|\\n)\\s*${raw}\\s*(\\n|$)`).test(page.text));
      if (!responsible) continue;
      found.push({ type: "ministry", name, role: "ansvarigt departement", start: m.index!, end: m.index! + raw.length, conf: 0.9, evidence: "formal", reason: "ministry addressed or named as responsible" });
    }
    for (const m of C.matchAll(COMMITTEE_RE)) {
      let name = m[1]!.trim();
      name = name[0]!.toUpperCase() + name.slice(1);
      const at = m.index! + m[0].indexOf(m[1]!);
      found.push({ type: "committee", name: m[2] && m[2].length <= 6 && !/\d/.test(m[2]) ? `${name} (${m[2]})` : name, role: "utredning", start: at, end: at + m[1]!.length, conf: 0.9, evidence: "prose", reason: "committee named ('antagit namnet')" });
    }
    for (const m of C.matchAll(ORG_RE)) {
      const name = m[1]!.replace(/\s+/g, " ");
      if (isPlaceholder(name) || /^(The|Our|In|For|And)\b/.test(name)) continue;
      found.push({ type: "organisation", name, role: "mentioned", start: m.index!, end: m.index! + m[1]!.length, conf: 0.8, evidence: "prose", reason: "organisation name with a legal form" });
    }
    for (const f of found) {
      if (isPlaceholder(f.name)) { rejectedPlaceholders++; continue; }
      if (f.type === "person") {
        // a name continuing a hyphen is the tail of a longer name; letter-spaced OCR ("H a n s - Olof Hansson")
        // is put back together, anything else is a fragment and no person
        const pre = C.slice(Math.max(0, f.start - 40), f.start);
        const spaced = /(?:^|\s)(\p{Lu}(?: \p{Ll}){1,15}|\p{Lu}\p{Ll}+) ?[-‐] ?$/u.exec(pre);
        if (spaced) {
          f.name = `${spaced[1]!.replace(/ /g, "")}-${f.name}`;
          f.start -= pre.length - spaced.index - (spaced[0].startsWith(" ") ? 1 : 0);
        } else if (/\p{L} ?[-‐] ?$/u.test(pre)) {
          rejectedPlaceholders++;
          continue;
        }
      }
      if (f.type === "person" && isMinistryName(f.name)) { rejectedPlaceholders++; continue; }
      const os = canon.map[f.start]!;
      const oe = canon.map[Math.max(f.start, f.end - 1)]! + 1;
      const excerpt = pickExcerpt(page.text, os, oe, "sentence");
      if (!excerpt) continue;
      const key = `${f.type}|${normalizeName(f.name)}|${f.role ?? ""}|p${page.pageNumber}`;
      if (out.has(key)) continue;
      out.set(key, {
        candidateType: "entity",
        candidateKey: key,
        payload: { entityType: f.type, name: f.name, role: f.role },
        confidenceScore: f.conf,
        confidenceReason: f.reason,
        evidence: { text: excerpt, page: page.pageNumber },
        evidenceType: f.evidence,
      });
    }
  }
  if (empty) skipped.push({ what: `${empty} empty page(s)`, why: "no text on the page" });
  if (rejectedPlaceholders) skipped.push({ what: `${rejectedPlaceholders} placeholder/ministry/fragment name(s) as person`, why: "stoplist (Utredaren, Kommittén, the Company …), ministry ending, or the tail of a hyphenated name" });
  if (!out.size) uncertainties.push("no entities found");
  void ctx;
  return { candidates: [...out.values()], skipped, uncertainties, model: "rules" };
}

export const entitiesRulesExtractor: Extractor = {
  name: "entities",
  version: ENTITY_EXTRACTOR_VERSION,
  candidateType: "entity",
  async extract(ctx) {
    const pages: ExtractionPage[] = [];
    for await (const p of ctx.pages()) pages.push(p);
    return extractEntitiesFromPages(pages, ctx);
  },
  async refine(ctx, candidate, request) {
    const { refineWithPage } = await import("../findings");
    return refineWithPage(ctx, candidate, request);
  },
};
