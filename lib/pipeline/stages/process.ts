/**
 * Process stage state machine (seed 001), deterministic and never a model:
 *
 *   directive → writing → published → remiss → proposition → law
 *
 * The rules are the seed's, checked from the furthest stage back; the explanations are Swedish
 * (the processes are Swedish public inquiries). Evidence comes from the database: the process's
 * documents by role, and timeline events with their source page.
 */
import type { Queryable } from "@/lib/db";

export type ProcessStage = "directive" | "writing" | "published" | "remiss" | "proposition" | "law";

export const PROCESS_STAGES: readonly ProcessStage[] = ["directive", "writing", "published", "remiss", "proposition", "law"];

export interface ProcessEvidence {
  hasDirective: boolean;
  hasSou: boolean;
  hasSouPublishedEvent: boolean;
  hasRemissEvents: boolean;
  hasProposition: boolean;
  hasLaw: boolean;
}

export interface StageResult {
  stage: ProcessStage;
  explanation: string;
  /** Which rule decided (for the audit trail and tests). */
  rule: "law" | "proposition" | "remiss" | "published" | "writing" | "directive" | "initiated";
}

/** The fixed Swedish explanation of each rule. */
export const PROCESS_STAGE_TEXT: Record<StageResult["rule"], string> = {
  law: "Lagen är antagen och har trätt i kraft",
  proposition: "Regeringens proposition har lämnats till riksdagen",
  remiss: "Betänkandet är ute på remiss för synpunkter från remissinstanserna",
  published: "Betänkandet publicerat och tillgängligt för remiss",
  writing: "Betänkandet har kommit in men är ännu inte bekräftat som publicerat",
  directive: "Direktiv utfärdat, utredningsarbete pågår",
  initiated: "Processen har inletts, närmare uppgifter saknas ännu",
};

/** Pure: evidence in, stage and explanation out. */
export function computeProcessStage(e: ProcessEvidence): StageResult {
  const r = (stage: ProcessStage, rule: StageResult["rule"]): StageResult => ({ stage, rule, explanation: PROCESS_STAGE_TEXT[rule] });
  if (e.hasLaw) return r("law", "law");
  if (e.hasProposition) return r("proposition", "proposition");
  if (e.hasRemissEvents) return r("remiss", "remiss");
  if (e.hasSou && e.hasSouPublishedEvent) return r("published", "published");
  if (e.hasSou) return r("writing", "writing");
  if (e.hasDirective) return r("directive", "directive");
  return r("directive", "initiated");
}

/** Event types that prove each piece of evidence (the extractors' vocabulary plus seed 000's). */
export const PUBLISHED_EVENT_TYPES = ["published", "report_handed_over", "sou_published", "report_submitted"];
export const DIRECTIVE_EVENT_TYPES = ["directive_issued"];
export const REMISS_EVENT_TYPES = ["remiss", "remiss_sent", "remiss_started", "remiss_deadline"];
export const PROPOSITION_EVENT_TYPES = ["proposition", "proposition_submitted"];
export const LAW_EVENT_TYPES = ["law", "law_enacted", "law_in_force", "sfs_published"];

export interface ProofRef {
  kind: "document" | "timeline_event";
  id: string;
  documentId: string;
  filename: string;
  page?: number;
  eventType?: string;
  eventDate?: string;
  datePrecision?: string;
  excerpt?: string;
}

export interface GatheredProcessEvidence extends ProcessEvidence {
  /** The rows that make each flag true. */
  proof: Partial<Record<keyof ProcessEvidence, ProofRef>>;
}

interface EvRow {
  id: string;
  document_id: string;
  filename: string;
  role: string;
  event_type: string;
  event_date: Date | string;
  date_precision: string;
  source_page: number;
  source_excerpt: string;
}

const isoDate = (d: Date | string) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

/** Reads the process's documents and timeline events. */
export async function gatherProcessEvidence({ db, dealId, processId }: { db: Queryable; dealId: string; processId: string }): Promise<GatheredProcessEvidence> {
  const { rows: docs } = await db.query<{ document_id: string; role: string; filename: string }>(
    `select pd.document_id, pd.role, d.filename from process_documents pd join documents d on d.id = pd.document_id
      where pd.process_id = $1 and d.deal_id = $2 order by d.created_at, d.filename`,
    [processId, dealId],
  );
  const { rows: events } = await db.query<EvRow>(
    `select e.id, e.document_id, d.filename, coalesce(pd.role, 'other') as role, e.event_type, e.event_date, e.date_precision,
            e.source_page, e.source_excerpt
       from timeline_events e
       join documents d on d.id = e.document_id
       left join process_documents pd on pd.document_id = e.document_id and pd.process_id = $1
      where e.deal_id = $2 and (e.process_id = $1 or pd.process_id is not null)
      order by e.event_date, e.source_page, e.id`,
    [processId, dealId],
  );
  const proof: GatheredProcessEvidence["proof"] = {};
  const docRef = (d: { document_id: string; filename: string }): ProofRef => ({ kind: "document", id: d.document_id, documentId: d.document_id, filename: d.filename });
  const evRef = (e: EvRow): ProofRef => ({
    kind: "timeline_event", id: e.id, documentId: e.document_id, filename: e.filename, page: e.source_page,
    eventType: e.event_type, eventDate: isoDate(e.event_date), datePrecision: e.date_precision, excerpt: e.source_excerpt,
  });
  const firstDoc = (role: string) => docs.find((d) => d.role === role);
  const firstEvent = (types: string[], role?: string) => events.find((e) => types.includes(e.event_type) && (!role || e.role === role));

  const dirDoc = firstDoc("directive");
  const dirEv = firstEvent(DIRECTIVE_EVENT_TYPES);
  if (dirDoc) proof.hasDirective = docRef(dirDoc);
  else if (dirEv) proof.hasDirective = evRef(dirEv);
  const sou = firstDoc("sou");
  if (sou) proof.hasSou = docRef(sou);
  // Publication must be shown by the SOU itself (its handover letter or title page), with a page.
  const pub = firstEvent(PUBLISHED_EVENT_TYPES, "sou");
  if (pub) proof.hasSouPublishedEvent = evRef(pub);
  const remissDoc = firstDoc("remiss");
  const remissEv = firstEvent(REMISS_EVENT_TYPES);
  if (remissDoc) proof.hasRemissEvents = docRef(remissDoc);
  else if (remissEv) proof.hasRemissEvents = evRef(remissEv);
  const propDoc = firstDoc("proposition");
  const propEv = firstEvent(PROPOSITION_EVENT_TYPES);
  if (propDoc) proof.hasProposition = docRef(propDoc);
  else if (propEv) proof.hasProposition = evRef(propEv);
  const lawDoc = firstDoc("law");
  const lawEv = firstEvent(LAW_EVENT_TYPES);
  if (lawDoc) proof.hasLaw = docRef(lawDoc);
  else if (lawEv) proof.hasLaw = evRef(lawEv);

  return {
    hasDirective: !!proof.hasDirective,
    hasSou: !!proof.hasSou,
    hasSouPublishedEvent: !!proof.hasSouPublishedEvent,
    hasRemissEvents: !!proof.hasRemissEvents,
    hasProposition: !!proof.hasProposition,
    hasLaw: !!proof.hasLaw,
    proof,
  };
}

const RULE_PROOF: Record<StageResult["rule"], keyof ProcessEvidence | null> = {
  law: "hasLaw", proposition: "hasProposition", remiss: "hasRemissEvents", published: "hasSouPublishedEvent",
  writing: "hasSou", directive: "hasDirective", initiated: null,
};

const EVENT_LABEL: Record<string, string> = {
  published: "publicering", report_handed_over: "överlämnande", sou_published: "publicering", report_submitted: "överlämnande",
  directive_issued: "direktivbeslut",
};

/** The stored explanation: the rule's Swedish sentence plus the evidence behind it ("Belägg: …"). */
export function explainProcessStage(result: StageResult, evidence: GatheredProcessEvidence): string {
  const key = RULE_PROOF[result.rule];
  const p = key ? evidence.proof[key] : undefined;
  if (!p) return `${result.explanation}.`;
  if (p.kind === "document") return `${result.explanation}. Belägg: ${p.filename}.`;
  const what = EVENT_LABEL[p.eventType ?? ""] ?? p.eventType;
  const date = p.datePrecision === "year" ? p.eventDate?.slice(0, 4) : p.datePrecision === "month" ? p.eventDate?.slice(0, 7) : p.eventDate;
  return `${result.explanation}. Belägg: ${what} ${date} (${p.filename}, s. ${p.page}).`;
}

/** The page that proves the current stage (seed 000 reports it as proof_page). */
export function proofPage(result: StageResult, evidence: GatheredProcessEvidence): number | null {
  const key = RULE_PROOF[result.rule];
  return (key && evidence.proof[key]?.page) ?? null;
}
