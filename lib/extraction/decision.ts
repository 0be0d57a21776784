/**
 * Decision maker, the last extraction step: promotes a validated candidate or queues it for human
 * review, so that nothing uncertain reaches the knowledge base unseen:
 *   score ≥ 0.80 and complete        → promote (with audit)
 *   0.50 ≤ score < 0.80              → review, normal priority
 *   score < 0.50                     → review, high priority
 *   score ≥ 0.80 but missing fields  → review, normal priority
 * Promotion writes findings / timeline_events / entities + entity_mentions with provenance
 * (extraction_id), idempotently (the tables' unique keys: re-runs update, never duplicate).
 */
import type { Queryable } from "@/lib/db";
import { cleanExcerpt } from "./citation";
import { normalizeName, sameEntity } from "./entities/names";
import { versionInfo } from "@/lib/ingest/metadata";
import type { Candidate, EntityPayload, FindingPayload, TimelineEventPayload } from "./types";
import { labelScope } from "./findings/scope";
import { periodTypeOf } from "@/lib/periods";

/** A finding's period type and length: the extractor's, else what its period label names. */
export function findingSpan(p: Pick<FindingPayload, "period" | "periodType" | "periodMonths">): { type: NonNullable<FindingPayload["periodType"]>; months: number | undefined } | undefined {
  if (p.periodType) return { type: p.periodType, months: p.periodMonths };
  return periodTypeOf({ period: p.period, months: p.periodMonths });
}

export const PROMOTE_THRESHOLD = 0.8;
export const REVIEW_THRESHOLD = 0.5;

/**
 * Why an item waits in review, as a code (staging_extractions.review_reason) the review page
 * words for the analyst: `reason` is the audit's sentence, with scores, never parsed.
 */
export const REVIEW_REASONS = ["low_confidence", "medium_confidence", "missing_fields", "held", "refinement_failed"] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

export type Decision =
  | { decision: "accept"; action: "promote"; reason: string }
  | { decision: "defer"; action: "review"; priority: "normal" | "high"; code: ReviewReason; reason: string };

export function makeDecision(score: number, missingFields: string[]): Decision {
  const complete = missingFields.length === 0;
  // Scores are stored as real (float4): compare at two decimals so 0.8 read back as 0.800000011 is 0.80.
  const s = Math.round(score * 10000) / 10000;
  if (s >= PROMOTE_THRESHOLD && complete) return { decision: "accept", action: "promote", reason: `High confidence (${s.toFixed(2)}) with complete fields` };
  if (s >= REVIEW_THRESHOLD && s < PROMOTE_THRESHOLD) return { decision: "defer", action: "review", priority: "normal", code: "medium_confidence", reason: `Medium confidence (${s.toFixed(2)}) requires human verification` };
  if (s < REVIEW_THRESHOLD) return { decision: "defer", action: "review", priority: "high", code: "low_confidence", reason: `Low confidence (${s.toFixed(2)}) needs expert review` };
  return { decision: "defer", action: "review", priority: "normal", code: "missing_fields", reason: `High confidence but missing: ${missingFields.join(", ")}` };
}

export interface Staged {
  id: string;
  deal_id: string;
  document_id: string;
  candidate: Candidate;
}

/** Writes the canonical row for a staged candidate; returns its id. Idempotent. */
export async function promote(db: Queryable, s: Staged, opts: { processId?: string | null; confidence?: number } = {}): Promise<string> {
  const c = s.candidate;
  const excerpt = cleanExcerpt(c.evidence.text);
  if (c.candidateType === "finding") return (await promoteFindings(db, [s], opts))[0]!;
  if (c.candidateType === "timeline_event") {
    const p = c.payload as TimelineEventPayload;
    // the same event from another version of this document is one event: the later version keeps it
    const versions = await sameEventInOtherVersions(db, { dealId: s.deal_id, documentId: s.document_id, eventType: p.eventType, eventDate: p.eventDate });
    const mine = versions.find((v) => v.document_id === s.document_id);
    const others = versions.filter((v) => v.event_id);
    const newer = mine && others.find((o) => newerVersion(o, mine));
    if (newer) return newer.event_id!;
    // only versions this one is known to follow give their event up; two that cannot be ordered keep both
    const older = mine ? others.filter((o) => newerVersion(mine, o)) : [];
    if (older.length) await db.query("delete from timeline_events where id = any($1::uuid[])", [older.map((o) => o.event_id)]);
    const { rows } = await db.query<{ id: string }>(
      `insert into timeline_events (id, deal_id, document_id, process_id, extraction_id, event_type, event_date, date_precision, description, actors, source_page, source_excerpt)
       values ($1, $2, $3, $4, $5, $6, $7::date, $8, $9, $10::jsonb, $11, $12)
       on conflict (document_id, event_type, event_date, source_page) do update set
         extraction_id = excluded.extraction_id, date_precision = excluded.date_precision, description = excluded.description,
         actors = excluded.actors, source_excerpt = excluded.source_excerpt, process_id = coalesce(excluded.process_id, timeline_events.process_id)
       returning id`,
      [crypto.randomUUID(), s.deal_id, s.document_id, opts.processId ?? null, s.id, p.eventType, p.eventDate, p.datePrecision, p.description, JSON.stringify(p.actors ?? []),
        c.evidence.page, excerpt],
    );
    return rows[0]!.id;
  }
  return (await promoteEntityMentions(db, [s]))[0]!;
}

const FINDING_COLUMNS = `id uuid, deal_id uuid, document_id uuid, extraction_id uuid, domain text, metric text, metric_key text, value_text text, value_num double precision,
  unit text, currency text, period text, period_end date, is_forecast boolean, date_referenced date, source_page int, source_cell text, source_excerpt text,
  confidence real, scope text, scope_name text, period_type text, period_months smallint`;

/** The row a staged finding becomes. */
function findingRow(s: Staged, confidence?: number) {
  const c = s.candidate;
  const p = c.payload as FindingPayload;
  const span = findingSpan(p);
  const scope = p.scope ? { scope: p.scope, scopeName: p.scopeName } : labelScope(p.metric);
  return {
    id: crypto.randomUUID(), deal_id: s.deal_id, document_id: s.document_id, extraction_id: s.id, domain: p.domain, metric: p.metric, metric_key: p.metricKey,
    value_text: p.valueText, value_num: p.valueNum, unit: p.unit, currency: p.currency ?? null, period: p.period ?? null, period_end: p.periodEnd ?? null,
    is_forecast: p.isForecast, date_referenced: p.dateReferenced ?? null, source_page: c.evidence.page, source_cell: c.evidence.cell ?? null,
    source_excerpt: cleanExcerpt(c.evidence.text), confidence: confidence ?? c.confidenceScore, scope: scope.scope, scope_name: scope.scopeName ?? null,
    period_type: span?.type ?? null, period_months: span?.months ?? null,
  };
}

/** A finding's identity in its table: (deal, document, metric key, period, page), a null period being one value. */
export function findingSlot(s: Staged): string {
  const p = s.candidate.payload as FindingPayload;
  return `${s.deal_id}\u0000${s.document_id}\u0000${p.metricKey}\u0000${p.period ?? "\u0001"}\u0000${s.candidate.evidence.page}`;
}

/**
 * Writes the findings of staged candidates in one statement; returns their ids in order.
 * Idempotent like promote(); the staged candidates must hold distinct slots (findingSlot).
 */
export async function promoteFindings(db: Queryable, staged: readonly Staged[], opts: { confidence?: number } = {}): Promise<string[]> {
  if (!staged.length) return [];
  const { rows } = await db.query<{ id: string; extraction_id: string }>(
    `insert into findings (id, deal_id, document_id, extraction_id, domain, metric, metric_key, value_text, value_num, unit, currency, period, period_end,
                           is_forecast, date_referenced, source_page, source_cell, source_excerpt, confidence, status, scope, scope_name, period_type, period_months)
     select r.id, r.deal_id, r.document_id, r.extraction_id, r.domain, r.metric, r.metric_key, r.value_text, r.value_num, r.unit, r.currency, r.period, r.period_end,
            r.is_forecast, r.date_referenced, r.source_page, r.source_cell, r.source_excerpt, r.confidence, 'active', r.scope, r.scope_name, r.period_type, r.period_months
       from jsonb_to_recordset($1::text::jsonb) as r(${FINDING_COLUMNS})
     on conflict (deal_id, document_id, metric_key, period, source_page) do update set
       extraction_id = excluded.extraction_id, domain = excluded.domain, metric = excluded.metric, value_text = excluded.value_text,
       value_num = excluded.value_num, unit = excluded.unit, currency = excluded.currency, period_end = excluded.period_end,
       scope = excluded.scope, scope_name = excluded.scope_name, period_type = excluded.period_type, period_months = excluded.period_months,
       is_forecast = excluded.is_forecast, date_referenced = excluded.date_referenced, source_cell = excluded.source_cell,
       source_excerpt = excluded.source_excerpt, confidence = excluded.confidence, status = 'active',
       embedding = case when findings.source_excerpt = excluded.source_excerpt and findings.value_text = excluded.value_text then findings.embedding else null end,
       embedding_model = case when findings.source_excerpt = excluded.source_excerpt and findings.value_text = excluded.value_text then findings.embedding_model else null end
     returning id, extraction_id`,
    [JSON.stringify(staged.map((s) => findingRow(s, opts.confidence)))],
  );
  const byExtraction = new Map(rows.map((r) => [r.extraction_id, r.id]));
  return staged.map((s) => byExtraction.get(s.id)!);
}

/**
 * Which stored names could be the same entity as one whose normalised name is `norm`
 * (sameEntity), as conditions on entities.normalized_name, so that a deal of thousands of
 * entities is not read whole for every new name. Always a superset (sameEntity decides): a person
 * shares all but the last word ("j smith" → names starting "j "); an organisation's name is within
 * two edits, so within two characters of its length (JavaScript counts UTF-16 units, PostgreSQL
 * characters: a name with a character beyond the BMP is always a candidate). Names with aliases
 * are always read, as their aliases are compared too.
 */
function nearNames(type: string, norm: string): { prefix: string | null; minLength: number; maxLength: number; pattern: string } {
  const words = norm.split(" ");
  if (type === "person") return { prefix: words.length >= 2 ? `${words.slice(0, -1).join(" ")} ` : null, minLength: 1, maxLength: 0, pattern: "$^" };
  return { prefix: null, minLength: norm.length - 2, maxLength: norm.length + 2, pattern: "[^\\u0001-\\uffff]" };
}

/** Finds the deal's entity this name refers to (exact normalised name, then fuzzy rules) or creates it. */
export async function resolveEntity(db: Queryable, dealId: string, p: EntityPayload): Promise<string> {
  return resolveEntityIn(db, dealId, p, await exactEntities(db, dealId, [p]));
}

type KnownEntity = { id: string; name: string; aliases: string[] };
const entityKey = (type: string, norm: string) => `${type}\u0000${norm}`;

/** The deal's entities whose normalised name equals one of these names', by type and name, in one read. */
async function exactEntities(db: Queryable, dealId: string, names: readonly EntityPayload[]): Promise<Map<string, KnownEntity>> {
  const types = names.map((p) => p.entityType);
  const norms = names.map((p) => normalizeName(p.name));
  const { rows } = await db.query<KnownEntity & { entity_type: string; normalized_name: string }>(
    `select e.id, e.name, e.aliases, e.entity_type, e.normalized_name from entities e
       join (select distinct t, n from unnest($2::text[], $3::text[]) as q(t, n)) q on q.t = e.entity_type and q.n = e.normalized_name
      where e.deal_id = $1`,
    [dealId, types, norms],
  );
  return new Map(rows.map((r) => [entityKey(r.entity_type, r.normalized_name), { id: r.id, name: r.name, aliases: r.aliases ?? [] }]));
}

/**
 * resolveEntity with the exact-name matches read beforehand (`known`, kept up to date here as
 * names are added and aliases recorded), so a run of mentions costs one read for the exact names.
 */
async function resolveEntityIn(db: Queryable, dealId: string, p: EntityPayload, known: Map<string, KnownEntity>): Promise<string> {
  const norm = normalizeName(p.name);
  let hit: KnownEntity | undefined = known.get(entityKey(p.entityType, norm));
  if (!hit) {
    const near = nearNames(p.entityType, norm);
    const all = await db.query<KnownEntity>(
      `select id, name, aliases from entities where deal_id = $1 and entity_type = $2
          and (cardinality(aliases) > 0 or starts_with(normalized_name, $3) or char_length(normalized_name) between $4 and $5 or normalized_name ~ $6)`,
      [dealId, p.entityType, near.prefix, near.minLength, near.maxLength, near.pattern],
    );
    hit = all.rows.find((e) => sameEntity(p.entityType, e.name, p.name) || (e.aliases ?? []).some((a) => sameEntity(p.entityType, a, p.name)));
  }
  if (hit) {
    if (hit.name !== p.name && !(hit.aliases ?? []).includes(p.name)) {
      await db.query("update entities set aliases = array_append(aliases, $2) where id = $1", [hit.id, p.name]);
      hit.aliases = [...(hit.aliases ?? []), p.name];
    }
    return hit.id;
  }
  const { rows } = await db.query<KnownEntity>(
    `insert into entities (id, deal_id, entity_type, name, normalized_name) values ($1, $2, $3, $4, $5)
     on conflict (deal_id, entity_type, normalized_name) do update set name = entities.name returning id, name, aliases`,
    [crypto.randomUUID(), dealId, p.entityType, p.name, norm],
  );
  known.set(entityKey(p.entityType, norm), { ...rows[0]!, aliases: rows[0]!.aliases ?? [] });
  return rows[0]!.id;
}

/**
 * Promotes staged entity mentions in order, as promote() one by one would: the exact names read
 * at once, then each entity resolved (found, aliased or created), then the mentions written in one
 * statement (a later mention of the same entity, page and role replacing an earlier one, as the
 * upsert does). Returns the entity ids in order.
 */
export async function promoteEntityMentions(db: Queryable, staged: readonly Staged[]): Promise<string[]> {
  if (!staged.length) return [];
  const dealId = staged[0]!.deal_id;
  const known = await exactEntities(db, dealId, staged.map((s) => s.candidate.payload as EntityPayload));
  const ids: string[] = [];
  const mentions = new Map<string, Record<string, unknown>>();
  for (const s of staged) {
    const p = s.candidate.payload as EntityPayload;
    const entityId = await resolveEntityIn(db, dealId, p, known);
    ids.push(entityId);
    const slot = `${entityId}\u0000${s.document_id}\u0000${s.candidate.evidence.page}\u0000${p.role ?? "\u0001"}`;
    mentions.delete(slot);
    mentions.set(slot, {
      id: crypto.randomUUID(), deal_id: s.deal_id, entity_id: entityId, document_id: s.document_id, extraction_id: s.id, role: p.role ?? null,
      page: s.candidate.evidence.page, excerpt: cleanExcerpt(s.candidate.evidence.text),
    });
  }
  await db.query(
    `insert into entity_mentions (id, deal_id, entity_id, document_id, extraction_id, role, page, excerpt)
     select r.id, r.deal_id, r.entity_id, r.document_id, r.extraction_id, r.role, r.page, r.excerpt
       from jsonb_to_recordset($1::text::jsonb) as r(id uuid, deal_id uuid, entity_id uuid, document_id uuid, extraction_id uuid, role text, page int, excerpt text)
     on conflict (entity_id, document_id, page, role) do update set extraction_id = excluded.extraction_id, excerpt = excluded.excerpt`,
    [JSON.stringify([...mentions.values()])],
  );
  return ids;
}

interface VersionedEvent { event_id: string | null; document_id: string; filename: string; document_date: string | null }

/**
 * This document (event_id null) and the events of the same type and date promoted from other
 * versions of it (documents of the same version group in the deal: report.pdf, report_v2.pdf,
 * report_CORRECTED.pdf).
 */
async function sameEventInOtherVersions(db: Queryable, q: { dealId: string; documentId: string; eventType: string; eventDate: string }): Promise<VersionedEvent[]> {
  const { rows } = await db.query<VersionedEvent>(
    `select null::uuid as event_id, d.id as document_id, d.filename, d.document_date::text as document_date
       from documents d where d.id = $2
     union all
     select e.id, o.id, o.filename, o.document_date::text
       from documents d
       join documents o on o.deal_id = d.deal_id and o.version_group = d.version_group and o.id <> d.id
            -- one company's document is never another's version (as planDocumentSupersessions)
            and (o.company_key is null or d.company_key is null or o.company_key = d.company_key)
       join timeline_events e on e.document_id = o.id and e.event_type = $3 and e.event_date = $4::date
      where d.id = $2 and d.deal_id = $1 and d.version_group is not null`,
    [q.dealId, q.documentId, q.eventType, q.eventDate],
  );
  return rows;
}

/**
 * Is a known to be the later version of the two: its filename's version rank (v2, CORRECTED …),
 * else its document date. Neither (same rank, no dates to compare) orders nothing, as for the
 * graph's document supersessions: the upload order is no evidence of which version is current.
 */
function newerVersion(a: VersionedEvent, b: VersionedEvent): boolean {
  const ra = versionInfo(a.filename).rank;
  const rb = versionInfo(b.filename).rank;
  if (ra !== rb) return ra > rb;
  return Boolean(a.document_date && b.document_date && a.document_date > b.document_date);
}
