/**
 * Entities and timeline benchmark (rules, offline) on the 93 real filings (27 FinanceBench dev +
 * 66 unlabelled) and a no-regression check on the Swedish inquiry reports.
 *
 * Precision is measured against labels written by hand (bench/data/entities-labels.jsonl: one
 * line per sampled entity or event, `ok` true when the entity is a clean name of a real person or
 * organisation with a fitting role, or the event is a real dated event with the right date).
 * Samples are drawn by a seeded hash of each item's key (stable while the rules change), 50 entities and 50 events per split:
 * in-sample (companies tuned on: the dev 27 + Apple, Oracle, eBay, PG&E) and held-out (Intel,
 * McDonald's, FedEx, Salesforce, Boston Properties: never read while writing the rules).
 *
 *   npm run bench:entities                    # figures + 20 random examples of each
 *   npm run bench:entities -- --unlabelled    # the sampled items (both rounds) that have no label yet (JSONL to fill in)
 *   npm run bench:entities -- --doc NIKE_2018_10K   # everything read from one filing
 *   npm run bench:entities -- --save-sou      # write the Swedish reference (bench/data/entities-sou-reference.json)
 *   npm run bench:entities -- --sou           # the Swedish reports only: precision against their labels + the no-regression check
 *   npm run bench:entities -- --sou --unlabelled   # the Swedish sample's items with no label yet (JSONL to fill in)
 *
 * Pages come from the project's own PDF engine, cached as JSON under .manda-bench-entities/.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { extractEntitiesFromPages } from "@/lib/extraction/entities";
import { extractTimelineFromPages } from "@/lib/extraction/timeline";
import type { Candidate, EntityPayload, ExtractionPage, TimelineEventPayload } from "@/lib/extraction/types";
import { repairPages } from "@/lib/ingest/glyphs";
import type { TextSpan } from "@/lib/ingest/types";
import { openPdf } from "@/lib/ingest/workers/pdf-engine.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = path.join(ROOT, ".manda-bench-entities");
const SHARED = path.resolve(ROOT, "../shared/corpus");
const CORPORA = ["financebench-dev", "filings-unlabelled"].map((c) => path.join(SHARED, c, "pdfs"));
const SOU = [path.join(SHARED, "sou"), path.join(SHARED, "sou/directives")];
const LABELS = path.join(ROOT, "bench/data/entities-labels.jsonl");
const SOU_REF = path.join(ROOT, "bench/data/entities-sou-reference.json");
/**
 * Labels of the Swedish reports and directives (every entity and event the extractor produces there, or a seeded
 * 100 of each when there are more), one line per item: `blind` true when read before any rule was changed for them
 * (the held-out figure, frozen in the file: an item read again after a fix keeps that reading in `firstReading`), false
 * when first read after a fix (in-sample).
 */
const SOU_LABELS = path.join(ROOT, "bench/data/entities-labels-sou.jsonl");
const SOU_SAMPLE = 100;
const SOU_SEED = 2620;
const HELD_OUT = /^(?:INTEL|MCDONALDS|FEDEX|SALESFORCE|BOSTONPROPERTIES)_/;
const SAMPLE = 50;
const SEED = 12;
/** Labels of the 20 + 20 random examples printed at the end (read by hand like the samples). */
const LABELS_EXAMPLES = path.join(ROOT, "bench/data/entities-labels-examples.jsonl");
/**
 * Fresh samples after round 1, each with its own labels file, labelled before the fixes it led to
 * (its first reading is blind): 100 entities and 100 events drawn by filing; an item labelled in
 * an earlier round (or among the examples, for round 3) is never drawn again.
 */
const FRESH_ROUNDS = [
  { round: 2, file: path.join(ROOT, "bench/data/entities-labels-2.jsonl"), seed: 2611, n: 100, seen: ["round 1"] },
  { round: 3, file: path.join(ROOT, "bench/data/entities-labels-3.jsonl"), seed: 2612, n: 100, seen: ["round 1", "round 2", "examples"] },
  { round: 4, file: path.join(ROOT, "bench/data/entities-labels-4.jsonl"), seed: 2613, n: 100, seen: ["round 1", "round 2", "round 3", "examples"] },
  { round: 5, file: path.join(ROOT, "bench/data/entities-labels-5.jsonl"), seed: 2614, n: 100, seen: ["round 1", "round 2", "round 3", "round 4", "examples"] },
  { round: 6, file: path.join(ROOT, "bench/data/entities-labels-6.jsonl"), seed: 2615, n: 100, seen: ["round 1", "round 2", "round 3", "round 4", "round 5", "examples"] },
  { round: 7, file: path.join(ROOT, "bench/data/entities-labels-7.jsonl"), seed: 2616, n: 100, seen: ["round 1", "round 2", "round 3", "round 4", "round 5", "round 6", "examples"] },
  { round: 8, file: path.join(ROOT, "bench/data/entities-labels-8.jsonl"), seed: 2617, n: 100, seen: ["round 1", "round 2", "round 3", "round 4", "round 5", "round 6", "round 7", "examples"] },
] as const;

interface CachedPage { page: number; text: string; spans: TextSpan[] }

/** Pages of a PDF read by the project's own parser, cached as JSON. */
async function pagesOf(pdf: string): Promise<ExtractionPage[]> {
  const file = path.join(CACHE, `${path.basename(pdf, ".pdf")}.json`);
  let cached: CachedPage[];
  if (fs.existsSync(file)) cached = JSON.parse(fs.readFileSync(file, "utf8")) as CachedPage[];
  else {
    cached = [];
    try {
      const doc = await openPdf(pdf);
      for await (const p of doc.pages) cached.push({ page: p.pageNumber, text: p.text, spans: p.spans ?? [] });
    } catch (e) {
      console.error(`${path.basename(pdf)}: unreadable (${(e as Error).message})`);
    }
    fs.mkdirSync(CACHE, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(cached));
  }
  // as ingestion stores them: lost ligatures put back (the cache keeps the parser's own output)
  return repairPages(cached.map((p) => ({ pageNumber: p.page, text: p.text, spans: p.spans })));
}

function souPages(file: string): ExtractionPage[] {
  return fs.readFileSync(file, "utf8").split("\f").map((text, i) => ({ pageNumber: i + 1, text }));
}

export interface Item { kind: "entity" | "event"; doc: string; key: string; page: number; text: string; excerpt: string }

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

function entityItem(doc: string, c: Candidate): Item {
  const p = c.payload as EntityPayload;
  return { kind: "entity", doc, key: `${doc}|p${c.evidence.page}|${p.entityType}|${p.name}|${p.role ?? ""}`, page: c.evidence.page, text: `${p.entityType} "${p.name}"${p.role ? ` — ${p.role}` : ""}`, excerpt: oneLine(c.evidence.text).slice(0, 300) };
}

function eventItem(doc: string, c: Candidate): Item {
  const p = c.payload as TimelineEventPayload;
  return { kind: "event", doc, key: `${doc}|p${c.evidence.page}|${p.eventType}|${p.eventDate}`, page: c.evidence.page, text: `${p.eventDate} (${p.datePrecision}) ${p.eventType}: ${oneLine(p.description).slice(0, 200)}`, excerpt: oneLine(c.evidence.text).slice(0, 300) };
}

/**
 * A seeded random sample that stays put while the extractor changes: items ordered by a hash of
 * (seed, key) and the first n taken, so an item kept by a new version keeps its place (and its label).
 */
function sample(items: Item[], n: number, seed: number): Item[] {
  const rank = (x: Item) => createHash("sha256").update(`${seed}|${x.key}`).digest("hex");
  return [...items].map((x) => ({ x, r: rank(x) })).sort((a, b) => (a.r < b.r ? -1 : 1)).slice(0, n).map((y) => y.x);
}

/**
 * Round 2: a sample drawn by filing, not by mention (so the companies' own names do not dominate):
 * filings in a seeded order, each giving its next item in a seeded order, round after round until
 * n are drawn. Items whose key is in `exclude` (labelled in round 1) are never drawn.
 */
function sampleByFiling(items: Item[], n: number, seed: number, exclude: Set<string>): Item[] {
  const rank = (k: string) => createHash("sha256").update(`${seed}|${k}`).digest("hex");
  const byDoc = new Map<string, Item[]>();
  for (const x of items) if (!exclude.has(x.key)) byDoc.set(x.doc, [...(byDoc.get(x.doc) ?? []), x]);
  const docs = [...byDoc.keys()].sort((a, b) => (rank(a) < rank(b) ? -1 : 1));
  const queues = docs.map((d) => byDoc.get(d)!.sort((a, b) => (rank(a.key) < rank(b.key) ? -1 : 1)));
  const out: Item[] = [];
  for (let round = 0; out.length < n && queues.some((q) => q.length > round); round++) {
    for (const q of queues) if (q[round] && out.length < n) out.push(q[round]);
  }
  return out;
}

function loadLabels(file = LABELS): Map<string, { ok: boolean; note?: string }> {
  const out = new Map<string, { ok: boolean; note?: string }>();
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const l = JSON.parse(line) as { key: string; ok: boolean; note?: string };
    out.set(l.key, { ok: l.ok, note: l.note });
  }
  return out;
}

async function main() {
  const { values } = parseArgs({ options: { unlabelled: { type: "boolean" }, doc: { type: "string" }, "save-sou": { type: "boolean" }, sou: { type: "boolean" } } });
  if (values.sou) {
    if (values.unlabelled) return souUnlabelled();
    souPrecision();
    return souCheck(values["save-sou"] ?? false);
  }
  const pdfs = CORPORA.flatMap((d) => fs.readdirSync(d).filter((f) => f.endsWith(".pdf")).sort().map((f) => path.join(d, f)));
  const all: Record<"in-sample" | "held-out", { entity: Item[]; event: Item[] }> = { "in-sample": { entity: [], event: [] }, "held-out": { entity: [], event: [] } };
  let ms = 0, pageCount = 0, docs = 0;
  for (const pdf of pdfs) {
    const name = path.basename(pdf, ".pdf");
    if (values.doc && name !== values.doc) continue;
    const pages = await pagesOf(pdf);
    const ctx = { filename: path.basename(pdf) };
    const t0 = performance.now();
    const ents = extractEntitiesFromPages(pages, ctx).candidates.map((c) => entityItem(name, c));
    const evs = extractTimelineFromPages(pages, ctx).candidates.map((c) => eventItem(name, c));
    ms += performance.now() - t0;
    pageCount += pages.length;
    docs++;
    const split = HELD_OUT.test(name) ? "held-out" : "in-sample";
    all[split].entity.push(...ents);
    all[split].event.push(...evs);
    if (values.doc) {
      for (const x of [...ents, ...evs]) console.log(`p.${x.page} ${x.text}\n      « ${x.excerpt.slice(0, 220)} »`);
      return;
    }
  }
  const labels = loadLabels();
  const labelsEx = loadLabels(LABELS_EXAMPLES);
  const fresh = FRESH_ROUNDS.map((r) => ({ ...r, labels: loadLabels(r.file) }));
  const labelsOf = (name: string) => (name === "round 1" ? labels : name === "examples" ? labelsEx : fresh.find((f) => `round ${f.round}` === name)!.labels);
  const drawn = (r: (typeof fresh)[number], kind: "entity" | "event") => {
    const seen = new Set(r.seen.flatMap((name) => [...labelsOf(name).keys()]).filter((k) => !r.labels.has(k)));
    return sampleByFiling([...all["in-sample"][kind], ...all["held-out"][kind]], r.n, r.seed, seen);
  };
  const splitOf = (x: Item) => (HELD_OUT.test(x.doc) ? "held-out" : "in-sample");
  const labelOf = (k: string) => labels.get(k) ?? fresh.map((f) => f.labels.get(k)).find(Boolean) ?? labelsEx.get(k);
  if (values.unlabelled) {
    for (const split of ["in-sample", "held-out"] as const) for (const kind of ["entity", "event"] as const) {
      for (const x of sample(all[split][kind], SAMPLE, SEED)) if (!labels.has(x.key)) console.log(JSON.stringify({ key: x.key, ok: null, split, item: x.text, excerpt: x.excerpt }));
    }
    for (const r of fresh) for (const kind of ["entity", "event"] as const) for (const x of drawn(r, kind)) {
      if (!r.labels.has(x.key)) console.log(JSON.stringify({ key: x.key, ok: null, round: r.round, split: splitOf(x), item: x.text, excerpt: x.excerpt }));
    }
    for (const kind of ["entity", "event"] as const) for (const x of sample([...all["in-sample"][kind], ...all["held-out"][kind]], 20, SEED + 1)) {
      if (!labelOf(x.key)) console.log(JSON.stringify({ key: x.key, ok: null, examples: true, item: x.text, excerpt: x.excerpt }));
    }
    return;
  }
  console.log(`Entities and timeline over ${docs} real filings, ${pageCount} pages: ${(pageCount / (ms / 1000)).toFixed(0)} pages/s (rules, pages already parsed)\n`);
  for (const split of ["in-sample", "held-out"] as const) {
    for (const kind of ["entity", "event"] as const) {
      const s = sample(all[split][kind], SAMPLE, SEED);
      const labelled = s.filter((x) => labels.has(x.key));
      const ok = labelled.filter((x) => labels.get(x.key)!.ok).length;
      const pct = labelled.length ? ((100 * ok) / labelled.length).toFixed(1) : "n/a";
      console.log(`${split.padEnd(9)} ${kind === "entity" ? "entities" : "events  "}: ${String(all[split][kind].length).padStart(6)} extracted; sample ${s.length}, labelled ${labelled.length}, ${kind === "entity" ? "clean" : "real dated events"} ${ok}/${labelled.length} = ${pct}%`);
      for (const x of labelled.filter((y) => !labels.get(y.key)!.ok)) console.log(`      ✗ ${x.doc} p.${x.page} ${x.text}${labels.get(x.key)!.note ? ` (${labels.get(x.key)!.note})` : ""}`);
    }
  }
  for (const r of fresh) {
    console.log(`\nRound ${r.round}: a fresh sample (seed ${r.seed}, ${r.n} of each, drawn by filing, none seen in ${r.seen.join(", ")}; ${path.relative(ROOT, r.file)}):`);
    for (const kind of ["entity", "event"] as const) {
      const s = drawn(r, kind);
      for (const split of ["in-sample", "held-out", "all"] as const) {
        const part = s.filter((x) => split === "all" || splitOf(x) === split);
        const labelled = part.filter((x) => r.labels.has(x.key));
        const ok = labelled.filter((x) => r.labels.get(x.key)!.ok).length;
        const pct = labelled.length ? ((100 * ok) / labelled.length).toFixed(1) : "n/a";
        console.log(`  ${kind === "entity" ? "entities" : "events  "} ${split.padEnd(9)}: sample ${String(part.length).padStart(3)}, labelled ${String(labelled.length).padStart(3)}, ${kind === "entity" ? "clean" : "real dated events"} ${ok}/${labelled.length} = ${pct}%`);
      }
      for (const x of s.filter((y) => r.labels.has(y.key) && !r.labels.get(y.key)!.ok)) console.log(`      ✗ ${x.doc} p.${x.page} ${x.text}${r.labels.get(x.key)!.note ? ` (${r.labels.get(x.key)!.note})` : ""}`);
    }
  }
  for (const kind of ["entity", "event"] as const) {
    const ex = sample([...all["in-sample"][kind], ...all["held-out"][kind]], 20, SEED + 1);
    const read = ex.filter((x) => labelOf(x.key));
    console.log(`\n20 random ${kind === "entity" ? "entities" : "events"} (seed ${SEED + 1}, both splits; ${read.filter((x) => labelOf(x.key)!.ok).length}/${read.length} labelled good):`);
    for (const x of ex) {
      const l = labelOf(x.key);
      console.log(`  ${l ? (l.ok ? "✓" : "✗") : "?"} ${x.doc} p.${x.page} ${x.text}\n      « ${x.excerpt.slice(0, 200)} »`);
    }
  }
  souPrecision();
  souCheck(values["save-sou"] ?? false);
}

function souFiles(): string[] {
  return SOU.flatMap((d) => fs.readdirSync(d).filter((f) => f.endsWith(".txt")).sort().map((f) => path.join(d, f)));
}

/** Every entity and event of the Swedish reports and directives, keyed like the filings' items. */
function souItems(): Record<"entity" | "event", Item[]> {
  const out: Record<"entity" | "event", Item[]> = { entity: [], event: [] };
  for (const f of souFiles()) {
    const pages = souPages(f);
    const ctx = { filename: path.basename(f) };
    const doc = path.basename(f, ".txt");
    out.entity.push(...extractEntitiesFromPages(pages, ctx).candidates.map((c) => entityItem(doc, c)));
    out.event.push(...extractTimelineFromPages(pages, ctx).candidates.map((c) => eventItem(doc, c)));
  }
  return out;
}

/** A Swedish label; an item read again after a fix keeps its first reading (`firstReading`), which the blind figure counts. */
interface SouLabel { key: string; ok: boolean; kind: "entity" | "event"; blind: boolean; note?: string; firstReading?: { ok: boolean } }

function souLabels(): SouLabel[] {
  if (!fs.existsSync(SOU_LABELS)) return [];
  return fs.readFileSync(SOU_LABELS, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as SouLabel);
}

/** The Swedish sample's items with no label yet, as JSONL to fill in. */
function souUnlabelled() {
  const items = souItems();
  const labelled = new Set(souLabels().map((l) => l.key));
  for (const kind of ["entity", "event"] as const) for (const x of sample(items[kind], SOU_SAMPLE, SOU_SEED)) {
    if (!labelled.has(x.key)) console.log(JSON.stringify({ key: x.key, ok: null, kind, item: x.text, excerpt: x.excerpt }));
  }
}

/** Precision on the Swedish reports: the blind first reading (frozen in the labels) and the items produced now. */
function souPrecision() {
  const items = souItems();
  const labels = souLabels();
  const byKey = new Map(labels.map((l) => [l.key, l]));
  const pct = (a: number, b: number) => (b ? `${a}/${b} = ${((100 * a) / b).toFixed(1)}%` : "n/a");
  console.log(`\nSwedish reports and directives, labelled (${path.relative(ROOT, SOU_LABELS)}; seed ${SOU_SEED}, up to ${SOU_SAMPLE} of each):`);
  for (const kind of ["entity", "event"] as const) {
    const blind = labels.filter((l) => l.kind === kind && l.blind);
    const s = sample(items[kind], SOU_SAMPLE, SOU_SEED);
    const read = s.filter((x) => byKey.has(x.key));
    const ok = read.filter((x) => byKey.get(x.key)!.ok);
    const what = kind === "entity" ? "clean" : "real dated events";
    console.log(`  ${kind === "entity" ? "entities" : "events  "}: first reading (blind, held-out) ${what} ${pct(blind.filter((l) => (l.firstReading ?? l).ok).length, blind.length)}; now ${items[kind].length} extracted, sample ${s.length}, labelled ${read.length}, ${what} ${pct(ok.length, read.length)}`);
    for (const x of read.filter((y) => !byKey.get(y.key)!.ok)) console.log(`      ✗ ${x.doc} p.${x.page} ${x.text}${byKey.get(x.key)!.note ? ` (${byKey.get(x.key)!.note})` : ""}`);
  }
}

/** Swedish reports: every entity and event of the reference run still found (additions are listed, not counted as losses). */
function souCheck(save: boolean) {
  const files = souFiles();
  const now: string[] = [];
  for (const f of files) {
    const pages = souPages(f);
    const ctx = { filename: path.basename(f) };
    // identities: an entity with its role, an event by its type and date (where it is cited may move)
    for (const c of extractEntitiesFromPages(pages, ctx).candidates) now.push(`${path.basename(f)} ${entityItem("", c).text}`);
    for (const c of extractTimelineFromPages(pages, ctx).candidates) {
      const p = c.payload as TimelineEventPayload;
      now.push(`${path.basename(f)} event ${p.eventType} ${p.eventDate} (${p.datePrecision})`);
    }
  }
  if (save) {
    fs.writeFileSync(SOU_REF, `${JSON.stringify([...new Set(now)].sort(), null, 1)}\n`);
    console.log(`\nSwedish reference written: ${now.length} items`);
    return;
  }
  const ref = fs.existsSync(SOU_REF) ? (JSON.parse(fs.readFileSync(SOU_REF, "utf8")) as string[]) : [];
  const cur = new Set(now);
  const lost = ref.filter((x) => !cur.has(x));
  const added = [...cur].filter((x) => !ref.includes(x));
  console.log(`\nSwedish reports (${files.length} files): ${cur.size} entities+events; reference ${ref.length}; lost ${lost.length}, added ${added.length}`);
  for (const x of lost) console.log(`  - lost: ${x}`);
  for (const x of added) console.log(`  + added: ${x}`);
}

await main();
