/**
 * Document-level SUPERSEDES: which document replaces which. Two sources, the first preferred:
 * filename version markers within a version group ("_v2", "_CORRECTED", "(1)";
 * createdBy "filename_pattern") and correction phrases on the first pages ("this corrects",
 * "supersedes", "ersätter"; createdBy "content_phrase"). Pure functions over plain document descriptions;
 * the runner loads them from the database.
 */
import { versionInfo } from "@/lib/ingest/metadata";
import { MONTH_NAMES_EN } from "@/lib/periods/months";

export interface DocInfo {
  id: string;
  filename: string;
  kind?: string | null;
  company?: string | null;
  /** Company identity read from the document (lib/ingest/metadata-cover.ts). */
  companyKey?: string | null;
  companyName?: string | null;
  ticker?: string | null;
  secFileNumber?: string | null;
  fiscalYear?: number | null;
  fiscalPeriod?: string | null;
  /** ISO date (YYYY-MM-DD). */
  documentDate?: string | null;
  versionGroup?: string | null;
  /** ISO timestamp of the upload: the last tie-breaker. */
  createdAt?: string | null;
  /** Text of the first pages (page 1 first), for correction phrases. */
  headText?: string;
}

export type DocEdgeSource = "filename_pattern" | "content_phrase";

export interface DocSupersession {
  /** The newer document. */
  fromId: string;
  /** The document it replaces. */
  toId: string;
  createdBy: DocEdgeSource;
  reason: string;
}

export interface VersionLabel {
  group: string;
  rank: number;
  /** The marker that gave the rank: "_CORRECTED", "_v2", "(1)" …; null for an unmarked file. */
  marker: string | null;
}

const MARKER = /(?:[ _-]+(?:corrected|final|updated|v\d+|rev\d*|revised)|\s*\(\d+\))+$/i;

/** Version group and rank from the filename (lib/ingest/metadata.ts rules) plus the marker seen. */
export function versionLabel(filename: string): VersionLabel {
  const { group, rank } = versionInfo(filename);
  const stem = filename.replace(/\.[^.]+$/, "");
  const m = stem.match(MARKER);
  return { group, rank, marker: m ? m[0].trim() : null };
}

function dateKey(d: DocInfo): string {
  return d.documentDate ?? "";
}

/**
 * Within each version group: every document supersedes the documents of the next lower rank
 * (v3 → v2 → v1/unversioned; "(2)" → "(1)" → unmarked; _CORRECTED/_FINAL/_updated → unmarked).
 * Two files of the same rank are ordered by document date when both are known and differ; otherwise
 * they are left unrelated and reported as an uncertainty.
 */
export function filenameSupersessions(docs: DocInfo[]): { edges: DocSupersession[]; uncertainties: string[] } {
  const groups = new Map<string, Array<DocInfo & VersionLabel>>();
  for (const d of docs) {
    const label = versionLabel(d.filename);
    const group = (d.versionGroup && d.versionGroup.trim()) || label.group;
    const list = groups.get(group) ?? [];
    list.push({ ...d, ...label, group });
    groups.set(group, list);
  }
  const edges: DocSupersession[] = [];
  const uncertainties: string[] = [];
  for (const [group, members] of groups) {
    if (members.length < 2) continue;
    // Ranks become levels; same-rank files with distinct dates become separate levels.
    const byRank = new Map<number, Array<DocInfo & VersionLabel>>();
    for (const m of members) byRank.set(m.rank, [...(byRank.get(m.rank) ?? []), m]);
    const levels: Array<Array<DocInfo & VersionLabel>> = [];
    for (const rank of [...byRank.keys()].sort((a, b) => a - b)) {
      const same = byRank.get(rank)!;
      const dated = same.every((d) => d.documentDate) && new Set(same.map(dateKey)).size === same.length;
      if (same.length > 1 && dated) {
        for (const d of [...same].sort((a, b) => dateKey(a).localeCompare(dateKey(b)))) levels.push([d]);
      } else {
        if (same.length > 1) {
          uncertainties.push(
            `Version group "${group}": ${same.map((d) => d.filename).join(", ")} carry the same version marker and cannot be ordered; no supersession between them.`,
          );
        }
        levels.push(same);
      }
    }
    for (let i = 1; i < levels.length; i++) {
      for (const newer of levels[i]) {
        for (const older of levels[i - 1]) {
          const marker = newer.marker ? `"${newer.marker}"` : "a later date";
          edges.push({
            fromId: newer.id,
            toId: older.id,
            createdBy: "filename_pattern",
            reason: `${newer.filename} is a later version of ${older.filename} (version group "${group}", marker ${marker}).`,
          });
        }
      }
    }
  }
  return { edges, uncertainties };
}

/** Strong phrases name a correction or replacement; "restated" alone only counts with a clear predecessor. */
const STRONG_PHRASES: Array<[RegExp, string]> = [
  [/\bthis corrects\b/i, "this corrects"],
  [/\bcorrected version\b/i, "corrected version"],
  [/\bsupersedes?\b/i, "supersedes"],
  [/\bsuperseding\b/i, "supersedes"],
  [/\breplaces (?:the|our|version|the version)\b/i, "replaces"],
  [/\bupdated (?:from|version of) (?:the |our )?previous\b/i, "updated from previous"],
  [/\bersätter\b/i, "ersätter"],
  [/\brättelse\b/i, "rättelse"],
  [/\b(?:rättad|korrigerad) version\b/i, "rättad version"],
];
const WEAK_PHRASES: Array<[RegExp, string]> = [[/\brestated\b/i, "restated"], [/\bomräknad|\bomräknade\b/i, "omräknade"]];

export interface PhraseHit {
  phrase: string;
  strong: boolean;
  /** The sentence (or line) around the phrase. */
  context: string;
}

/** Correction phrases in the first pages' text, with their sentence. */
export function findCorrectionPhrases(text: string): PhraseHit[] {
  const hits: PhraseHit[] = [];
  const seen = new Set<string>();
  for (const [list, strong] of [[STRONG_PHRASES, true], [WEAK_PHRASES, false]] as const) {
    for (const [re, phrase] of list) {
      for (const m of text.matchAll(new RegExp(re.source, "gi"))) {
        const idx = m.index ?? 0;
        // The sentence around the phrase: from the previous ". " or line break to the next one.
        const dot = text.lastIndexOf(". ", idx);
        const start = Math.max(dot >= 0 ? dot + 2 : 0, text.lastIndexOf("\n", idx) + 1, idx - 200);
        const ends = [text.indexOf("\n", idx), text.indexOf(". ", idx) + 1, idx + 300, text.length].filter((i) => i > idx);
        const context = text.slice(start, Math.min(...ends)).replace(/\s+/g, " ").trim();
        if (seen.has(context)) continue;
        seen.add(context);
        hits.push({ phrase, strong, context });
        if (hits.length >= 20) return hits;
      }
    }
  }
  return hits;
}

/** The most telling hit: a strong sentence naming a date or a verb of replacement, else the first strong one. */
export function bestHit(hits: PhraseHit[]): PhraseHit {
  const strong = hits.filter((h) => h.strong);
  return (
    strong.find((h) => datesIn(h.context).length > 0 || /supersed|ersätter|replaces|corrects/i.test(h.context)) ?? strong[0] ?? hits[0]
  );
}

/** ISO dates written in a sentence ("15 March 2024", "March 15, 2024", "2024-03-15"). */
export function datesIn(text: string): string[] {
  const out: string[] = [];
  const pad = (n: number) => String(n).padStart(2, "0");
  const mon = MONTH_NAMES_EN.join("|");
  for (const m of text.matchAll(new RegExp(`\\b(\\d{1,2})\\s+(${mon})\\s+((?:19|20)\\d\\d)\\b`, "gi"))) {
    out.push(`${m[3]}-${pad(MONTH_NAMES_EN.indexOf(m[2].toLowerCase()) + 1)}-${pad(+m[1])}`);
  }
  for (const m of text.matchAll(new RegExp(`\\b(${mon})\\s+(\\d{1,2}),?\\s+((?:19|20)\\d\\d)\\b`, "gi"))) {
    out.push(`${m[3]}-${pad(MONTH_NAMES_EN.indexOf(m[1].toLowerCase()) + 1)}-${pad(+m[2])}`);
  }
  for (const m of text.matchAll(/\b((?:19|20)\d\d)-(\d\d)-(\d\d)\b/g)) out.push(`${m[1]}-${m[2]}-${m[3]}`);
  return out;
}

function isOlder(candidate: DocInfo, doc: DocInfo): boolean {
  if (candidate.documentDate && doc.documentDate) return candidate.documentDate < doc.documentDate;
  const a = versionLabel(candidate.filename);
  const b = versionLabel(doc.filename);
  if (a.group === b.group && a.rank !== b.rank) return a.rank < b.rank;
  if (candidate.createdAt && doc.createdAt) return candidate.createdAt < doc.createdAt;
  return false;
}

const norm = (s?: string | null) => (s ?? "").trim().toLowerCase();

/**
 * A document whose first pages say it corrects or supersedes an earlier one. The predecessor must be
 * older and identifiable: named by filename in the sentence, or the same version group, or the same
 * kind, company, fiscal year and period (disambiguated by a date in the sentence when several).
 * "restated" alone needs the version group or that same-kind match and exactly one candidate.
 */
export function contentSupersessions(docs: DocInfo[]): { edges: DocSupersession[]; uncertainties: string[] } {
  const edges: DocSupersession[] = [];
  const uncertainties: string[] = [];
  for (const doc of docs) {
    if (!doc.headText) continue;
    const hits = findCorrectionPhrases(doc.headText);
    if (hits.length === 0) continue;
    const others = docs.filter((d) => d.id !== doc.id && isOlder(d, doc));
    let found: DocInfo[] = [];
    let how = "";
    let hit = bestHit(hits);
    // 1. A filename named in a strong sentence.
    for (const h of hits.filter((x) => x.strong)) {
      const named = others.filter((d) => h.context.toLowerCase().includes(d.filename.toLowerCase()));
      if (named.length) {
        found = named;
        how = "names it";
        hit = h;
        break;
      }
    }
    if (!found.length) {
      const myGroup = (doc.versionGroup && doc.versionGroup.trim()) || versionLabel(doc.filename).group;
      const sameGroup = others.filter((d) => ((d.versionGroup && d.versionGroup.trim()) || versionLabel(d.filename).group) === myGroup);
      const sameSeries = others.filter(
        (d) =>
          norm(d.kind) !== "" && norm(d.kind) === norm(doc.kind) && norm(d.company) === norm(doc.company) &&
          d.fiscalYear != null && d.fiscalYear === doc.fiscalYear && norm(d.fiscalPeriod) === norm(doc.fiscalPeriod),
      );
      const candidates = sameGroup.length ? sameGroup : sameSeries;
      how = sameGroup.length ? "same version group" : "same kind, company and period";
      const strongHits = hits.filter((h) => h.strong);
      if (candidates.length > 1) {
        // Disambiguate by a date named in a strong sentence.
        for (const h of strongHits) {
          const dates = datesIn(h.context);
          const byDate = candidates.filter((c) => c.documentDate && dates.includes(c.documentDate));
          if (byDate.length === 1) {
            found = byDate;
            how += ", dated as named";
            hit = h;
            break;
          }
        }
        if (!found.length) {
          uncertainties.push(
            `${doc.filename} says "${hits[0].context}" but ${candidates.length} older documents could be meant (${candidates.map((c) => c.filename).join(", ")}); no supersession recorded.`,
          );
          continue;
        }
      } else if (candidates.length === 1) {
        found = candidates;
      }
    }
    for (const older of found) {
      edges.push({
        fromId: doc.id,
        toId: older.id,
        createdBy: "content_phrase",
        reason: `${doc.filename} states "${hit.context}" (${how}: ${older.filename}).`,
      });
    }
  }
  return { edges, uncertainties };
}

/**
 * Merges filename and content edges (one per pair; filename wins, content confirms) and drops
 * any edge that would close a cycle.
 */
export function mergeDocSupersessions(...lists: DocSupersession[][]): DocSupersession[] {
  const byKey = new Map<string, DocSupersession>();
  for (const e of lists.flat()) {
    const key = `${e.fromId}|${e.toId}`;
    const prev = byKey.get(key);
    if (!prev) byKey.set(key, { ...e });
    else if (prev.createdBy !== e.createdBy) prev.reason = `${prev.reason} Confirmed: ${e.reason}`;
  }
  const out: DocSupersession[] = [];
  const adj = new Map<string, Set<string>>();
  const reaches = (from: string, to: string): boolean => {
    const stack = [from];
    const seen = new Set<string>();
    while (stack.length) {
      const n = stack.pop()!;
      if (n === to) return true;
      if (seen.has(n)) continue;
      seen.add(n);
      for (const m of adj.get(n) ?? []) stack.push(m);
    }
    return false;
  };
  const ordered = [...byKey.values()].sort((a, b) => (a.createdBy === b.createdBy ? 0 : a.createdBy === "filename_pattern" ? -1 : 1));
  for (const e of ordered) {
    if (reaches(e.toId, e.fromId)) continue; // would make a cycle
    out.push(e);
    adj.set(e.fromId, new Set([...(adj.get(e.fromId) ?? []), e.toId]));
  }
  return out;
}
