/**
 * Judging one IRL item: a request for a document type, for a financial statement, or for a topic
 * (findings and matching pages), each with the reason for its verdict.
 */
import { numberRatio } from "@/lib/search/page-classifier";
import { searchPages } from "@/lib/search/search";
import { type Candidate, CoverageContext, type DocInfo, type ItemVerdict } from "./coverage-context";
import { clipAtSentence, currentFirst, dedupeCandidates, descriptorTokens, excerptOf, MAX_EVIDENCE, periodVerdict, pickSpread, toEvidence, yearsOfDoc } from "./coverage-evidence";
import type { IrlItemRow } from "./irl";
import { DOCUMENT_TYPES, IRL_SYNONYMS, STATEMENTS, analyseItem, groupMatches, itemTokens, type ItemAnalysis } from "./keywords";

async function judgeDocumentRequest(ctx: CoverageContext, a: ItemAnalysis): Promise<ItemVerdict> {
  const phrases = DOCUMENT_TYPES.filter((d) => a.documentTypes.includes(d.type)).flatMap((d) => d.phrases.map((p) => itemTokens(p)));
  const matched = ctx.docs.filter((d) => {
    const t = descriptorTokens(d);
    return phrases.some((p) => groupMatches(t, { label: "", alternatives: [p] }));
  });
  if (matched.length === 0) return { coverage: "gap", evidence: [], reason: `no ${a.documentTypes.join(" / ")} in the room` };
  // A document's own period is authoritative when known (an FY2023 report mentioning 2022
  // figures is not the FY2022 report); otherwise its content must name the years.
  const withYears: DocInfo[] = [];
  const partialYears = new Set<number>();
  for (const d of matched) {
    if (a.years.length === 0) {
      withYears.push(d);
      continue;
    }
    const own = d.fiscal_year ? [d.fiscal_year] : yearsOfDoc(d);
    let ys = own;
    if (own.length === 0) {
      const text = await ctx.docText(d.id);
      ys = a.years.filter((y) => new RegExp(`(?:^|[^\\d])${y}(?!\\d)`).test(text));
    }
    const hit = a.years.filter((y) => ys.includes(y));
    for (const y of hit) partialYears.add(y);
    if (hit.length > 0) withYears.push(d);
  }
  if (withYears.length === 0) return { coverage: "gap", evidence: [], reason: `no ${a.documentTypes.join(" / ")} for ${a.years.join(", ")}` };
  const byVersion = currentFirst(ctx);
  const evidence = await bestPagesOf(ctx, a, [...withYears].sort((x, y) => byVersion(x.id, y.id)));
  const missing = a.years.filter((y) => !partialYears.has(y));
  if (missing.length > 0) return { coverage: "partial", evidence: evidence.map((c) => toEvidence(ctx, c)), reason: `missing ${missing.join(", ")}` };
  return { coverage: "covered", evidence: evidence.map((c) => toEvidence(ctx, c)), reason: `${withYears.map((d) => d.filename).join(", ")}` };
}

/** The best page of each document for the request (search restricted to it), else page 1. */
async function bestPagesOf(ctx: CoverageContext, a: ItemAnalysis, docs: DocInfo[]): Promise<Candidate[]> {
  const out: Candidate[] = [];
  const hits = await searchPages({ db: ctx.db, dealId: ctx.dealId, query: a.head, k: Math.min(20, docs.length * 3), documentIds: docs.map((d) => d.id) }).catch(() => []);
  for (const d of docs) {
    const h = hits.find((x) => x.documentId === d.id);
    if (h) out.push({ documentId: d.id, page: h.page, excerpt: clipAtSentence(h.excerpt, 240) });
    else {
      await ctx.loadPages([{ documentId: d.id, page: 1 }]);
      out.push({ documentId: d.id, page: 1, excerpt: excerptOf(ctx.text(d.id, 1)) });
    }
    if (out.length >= MAX_EVIDENCE) break;
  }
  return out;
}

async function judgeStatementRequest(ctx: CoverageContext, a: ItemAnalysis): Promise<ItemVerdict> {
  const kinds = new Set<string>(a.statements);
  const titles = STATEMENTS.filter((s) => kinds.has(s.kind)).flatMap((s) => s.titles);
  const candidates: Candidate[] = ctx.statementPages.filter((s) => kinds.has(s.statement)).map((s) => ({ documentId: s.documentId, page: s.page, excerpt: "" }));
  // Condensed statements in interim reports are often not classified: their title in the
  // page's first lines and a table of numbers is enough.
  const hits = await searchPages({ db: ctx.db, dealId: ctx.dealId, query: titles.join(" "), k: 20 }).catch(() => []);
  const docIds = new Set(ctx.docs.map((d) => d.id));
  await ctx.loadPages([...candidates, ...hits.map((h) => ({ documentId: h.documentId, page: h.page }))]);
  for (const h of hits) {
    if (!docIds.has(h.documentId)) continue;
    const text = ctx.text(h.documentId, h.page);
    const top = text.split("\n").map((l) => l.trim()).filter(Boolean).slice(0, 3).join(" ").toLowerCase();
    if (titles.some((t) => top.includes(t)) && numberRatio(text) >= 0.15) candidates.push({ documentId: h.documentId, page: h.page, excerpt: "" });
  }
  const evidence = dedupeCandidates(candidates.filter((c) => docIds.has(c.documentId)));
  if (evidence.length === 0) return { coverage: "gap", evidence: [], reason: `no ${a.statements.join("/")} statement pages` };
  for (const c of evidence) c.excerpt = excerptOf(ctx.text(c.documentId, c.page));
  const v = periodVerdict(ctx, { ...a, wantsHistory: a.wantsHistory && a.years.length === 0 }, evidence);
  return { coverage: v.coverage === "gap" ? "partial" : v.coverage, evidence: pickSpread(ctx, evidence).map((c) => toEvidence(ctx, c)), reason: v.reason };
}

async function judgeTopicRequest(ctx: CoverageContext, a: ItemAnalysis, item: IrlItemRow): Promise<ItemVerdict> {
  const docIds = new Set(ctx.docs.map((d) => d.id));
  // Two searches: the request as written, and its subject with the synonym table's wording
  // (a customer list says "share of revenue", not "customer concentration").
  const subject = [a.head, ...a.headGroups.flatMap((g) => IRL_SYNONYMS[g.label] ?? [])].join(" ");
  const [asWritten, bySubject] = await Promise.all([
    searchPages({ db: ctx.db, dealId: ctx.dealId, query: item.item, k: 12 }).catch(() => []),
    searchPages({ db: ctx.db, dealId: ctx.dealId, query: subject, k: 12 }).catch(() => []),
  ]);
  const hits = [...asWritten, ...bySubject].filter((h) => docIds.has(h.documentId));
  const candidates: Candidate[] = dedupeCandidates(hits.map((h) => ({ documentId: h.documentId, page: h.page, excerpt: clipAtSentence(h.excerpt, 240) })));
  // Promoted findings whose metric names the request's subject.
  for (const f of ctx.findings) {
    if (!docIds.has(f.document_id)) continue;
    const t = itemTokens(`${f.metric} ${f.metric_key.replace(/_/g, " ")}`);
    if (a.headGroups.length > 0 && a.headGroups.every((g) => groupMatches(t, g))) {
      candidates.push({ documentId: f.document_id, page: f.source_page, excerpt: f.source_excerpt, cell: f.source_cell ?? undefined, findingId: f.id });
    }
  }
  await ctx.loadPages(candidates);
  const strong: Candidate[] = [];
  const weak: Candidate[] = [];
  for (const c of candidates) {
    if (c.findingId) {
      strong.push(c);
      continue;
    }
    const tokens = ctx.tokens(c.documentId, c.page);
    const headHits = a.headGroups.filter((g) => groupMatches(tokens, g)).length;
    const facetHits = a.facetGroups.filter((fg) => fg.every((g) => groupMatches(tokens, g))).length;
    const headOk = a.headGroups.length > 0 && headHits === a.headGroups.length;
    if (headOk || facetHits >= Math.max(2, Math.ceil(a.facetGroups.length / 2))) strong.push(c);
    else if (headHits > 0 && a.headGroups.length > 1) weak.push(c);
  }
  if (strong.length > 0) {
    const v = periodVerdict(ctx, a, strong);
    return { coverage: v.coverage === "gap" ? "partial" : v.coverage, evidence: pickSpread(ctx, dedupeCandidates(strong)).map((c) => toEvidence(ctx, c)), reason: v.reason };
  }
  if (weak.length > 0) return { coverage: "partial", evidence: pickSpread(ctx, dedupeCandidates(weak)).map((c) => toEvidence(ctx, c)), reason: "pages touch the subject without its specifics" };
  return { coverage: "gap", evidence: [], reason: "nothing in the room matches" };
}

/** Judges one item against the room (exported for the agent's find_gaps tool and tests). */
export async function judgeItem(ctx: CoverageContext, item: IrlItemRow): Promise<ItemVerdict> {
  const a = analyseItem(item.item);
  if (a.documentTypes.length > 0) return judgeDocumentRequest(ctx, a);
  if (a.statements.length > 0) return judgeStatementRequest(ctx, a);
  return judgeTopicRequest(ctx, a, item);
}
