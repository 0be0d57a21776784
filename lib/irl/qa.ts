/**
 * The Q&A list for the target company: questions raised by IRL gaps, contradictions in the
 * room or the chat (and by hand). One question once per deal: near-identical wording
 * (case, spacing, punctuation) is the same question.
 */
import type { Queryable } from "@/lib/db";
import { MandaError } from "@/lib/errors";
import { listOpenContradictions } from "@/lib/graph/open-contradictions";
import { computeIrlCoverage } from "./coverage";
import { questionForContradiction } from "./qa-contradiction";
import { isBackReference, punctuateQuestion, selfContainedQuestion } from "./qa-question";
import type { Priority, QaItem, QaOrigin, QaStatus } from "./types";
import { isUuid } from "@/lib/db/ids";
import { plainWords } from "@/lib/text-keys";

interface QaRow {
  id: string;
  deal_id: string;
  question: string;
  domain: string | null;
  priority: Priority;
  status: QaStatus;
  origin: QaOrigin;
  answer: string | null;
  irl_item_id: string | null;
  related_finding_ids: string[];
  conversation_id: string | null;
  created_by: string | null;
  created_at: Date | string;
}

export const QA_STATUSES: readonly QaStatus[] = ["open", "sent", "answered", "closed"];
export const QA_ORIGINS: readonly QaOrigin[] = ["gap", "contradiction", "chat", "manual"];

function toQa(r: QaRow): QaItem {
  return {
    id: r.id,
    dealId: r.deal_id,
    question: r.question,
    domain: r.domain,
    priority: r.priority,
    status: r.status,
    origin: r.origin,
    answer: r.answer,
    irlItemId: r.irl_item_id,
    relatedFindingIds: r.related_finding_ids ?? [],
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** Whitespace collapsed, trimmed, a question mark for a question and a full stop for a request. */
export function normaliseQuestion(q: string): string {
  return punctuateQuestion(q);
}

/** Dedupe key: lowercase letters and digits only. */
export function questionKey(q: string): string {
  return plainWords(q.normalize("NFKC"));
}

export async function listQaItems({ db, dealId, status, origin }: { db: Queryable; dealId: string; status?: QaStatus; origin?: QaOrigin }): Promise<QaItem[]> {
  const { rows } = await db.query<QaRow>(
    `select * from qa_items where deal_id = $1 and ($2::text is null or status = $2) and ($3::text is null or origin = $3)
     order by case priority when 'high' then 0 when 'medium' then 1 else 2 end, created_at, question`,
    [dealId, status ?? null, origin ?? null],
  );
  return rows.map(toQa);
}

export async function getQaItem({ db, dealId, id }: { db: Queryable; dealId: string; id: string }): Promise<QaItem> {
  const { rows } = await db.query<QaRow>("select * from qa_items where deal_id = $1 and id = $2", [dealId, id]);
  if (!rows[0]) throw new MandaError("not_found:qa_item", "No such Q&A item in this deal.");
  return toQa(rows[0]);
}

export interface AddQaInput {
  db: Queryable;
  dealId: string;
  question: string;
  origin: QaOrigin;
  domain?: string | null;
  priority?: Priority;
  irlItemId?: string | null;
  relatedFindingIds?: string[];
  conversationId?: string | null;
  createdBy?: string | null;
}

/** A Q&A item with whether this call created it (false: the deal already had the question). */
export type AddedQaItem = QaItem & { created: boolean };

/** A question taken from the chat, made to stand on its own for the target company. */
async function chatQuestion(db: Queryable, dealId: string, text: string): Promise<string> {
  if (isBackReference(text)) throw new MandaError("bad_request:qa_question", "Say which question to add: the text only points back to an earlier one.");
  const { rows } = await db.query<{ company: string | null }>("select nullif(target_company, '') as company from deals where id = $1", [dealId]);
  return selfContainedQuestion(text, rows[0]?.company);
}


async function irlItemInDeal({ db, dealId, id }: { db: Queryable; dealId: string; id: string }): Promise<boolean> {
  return isUuid(id) && (await db.query("select 1 from irl_items where deal_id = $1 and id = $2", [dealId, id])).rows.length > 0;
}

async function conversationInDeal({ db, dealId, id }: { db: Queryable; dealId: string; id: string }): Promise<boolean> {
  return isUuid(id) && (await db.query("select 1 from conversations where deal_id = $1 and id = $2", [dealId, id])).rows.length > 0;
}

/** A linked IRL item or conversation must be this deal's: one of another deal is "not found", like a missing one. */
async function assertLinksInDeal({ db, dealId, irlItemId, conversationId }: AddQaInput): Promise<void> {
  if (irlItemId && !(await irlItemInDeal({ db, dealId, id: irlItemId }))) throw new MandaError("not_found:irl_item", "No such IRL item in this deal.");
  if (conversationId && !(await conversationInDeal({ db, dealId, id: conversationId }))) throw new MandaError("not_found:conversation", "No such conversation in this deal.");
}

/** Adds a question unless the deal already has it (then returns the existing one, created: false). */
export async function addQaItem(input: AddQaInput): Promise<AddedQaItem> {
  const { db, dealId } = input;
  await assertLinksInDeal(input);
  const question = input.origin === "chat" ? await chatQuestion(db, dealId, input.question) : normaliseQuestion(input.question);
  if (question.length < 3) throw new MandaError("bad_request:qa_question", "A Q&A item needs a question.");
  if (question.length > 2000) throw new MandaError("bad_request:qa_question", "A question is at most 2,000 characters.");
  const key = questionKey(question);
  const existing = (await db.query<QaRow>("select * from qa_items where deal_id = $1", [dealId])).rows.find((r) => questionKey(r.question) === key);
  if (existing) return { ...toQa(existing), created: false };
  const { rows } = await db.query<QaRow>(
    `insert into qa_items (id, deal_id, question, domain, priority, status, origin, irl_item_id, related_finding_ids, conversation_id, created_by)
     values ($1, $2, $3, $4, $5, 'open', $6, $7, $8, $9, $10)
     on conflict (deal_id, question) do nothing returning *`,
    [crypto.randomUUID(), dealId, question, input.domain ?? null, input.priority ?? "medium", input.origin, input.irlItemId ?? null, input.relatedFindingIds ?? [], input.conversationId ?? null, input.createdBy ?? null],
  );
  if (rows[0]) return { ...toQa(rows[0]), created: true };
  const again = (await db.query<QaRow>("select * from qa_items where deal_id = $1 and question = $2", [dealId, question])).rows[0]!;
  return { ...toQa(again), created: false };
}

export async function updateQaItem({ db, dealId, id, patch }: {
  db: Queryable;
  dealId: string;
  id: string;
  patch: { status?: QaStatus; priority?: Priority; answer?: string | null; domain?: string | null };
}): Promise<QaItem> {
  if (patch.status && !QA_STATUSES.includes(patch.status)) throw new MandaError("bad_request:qa_status", `Status must be one of ${QA_STATUSES.join(", ")}.`);
  const { rows } = await db.query<QaRow>(
    `update qa_items set
       status = coalesce($3::text, case when $5::boolean and $6::text is not null and status in ('open', 'sent') then 'answered' else status end),
       priority = coalesce($4::text, priority),
       answer = case when $5::boolean then $6::text else answer end,
       domain = case when $7::boolean then $8::text else domain end,
       updated_at = now()
     where deal_id = $1 and id = $2 returning *`,
    [dealId, id, patch.status ?? null, patch.priority ?? null, patch.answer !== undefined, patch.answer ?? null, patch.domain !== undefined, patch.domain ?? null],
  );
  if (!rows[0]) throw new MandaError("not_found:qa_item", "No such Q&A item in this deal.");
  return toQa(rows[0]);
}

export async function deleteQaItem({ db, dealId, id }: { db: Queryable; dealId: string; id: string }): Promise<void> {
  const { rowCount } = await db.query("delete from qa_items where deal_id = $1 and id = $2", [dealId, id]);
  if (!rowCount) throw new MandaError("not_found:qa_item", "No such Q&A item in this deal.");
}

/** The question asked of the target for an IRL item the room does not (fully) answer. */
export function questionForIrlItem(item: { item: string; coverage: "partial" | "gap"; notes?: string | null }): string {
  const what = item.item.replace(/\s+/g, " ").trim().replace(/[.?]$/, "");
  const first = what.charAt(0).toLowerCase() + what.slice(1);
  const keepCase = /^[A-Z]{2,}|^[A-Z][a-z]*[A-Z]/.test(what) ? what : first;
  return item.coverage === "gap"
    ? `Please provide the ${keepCase}.`.replace(/^Please provide the (the |a |an )/i, "Please provide $1")
    : `The data room only partly covers the ${keepCase}; please provide the complete information${item.notes ? ` (${item.notes.replace(/[.]$/, "")})` : ""}.`;
}

/**
 * Q&A items for the target from IRL gaps and partial items (computes coverage first).
 * Existing questions are kept; returns what was added.
 */
export async function generateQaFromGaps({ db, dealId, includePartial = true }: { db: Queryable; dealId: string; includePartial?: boolean }): Promise<{ added: QaItem[]; existing: number }> {
  const report = await computeIrlCoverage({ db, dealId });
  const added: QaItem[] = [];
  let existing = 0;
  for (const d of report.domains) {
    for (const it of d.items) {
      if (it.coverage === "covered" || (it.coverage === "partial" && !includePartial)) continue;
      const r = await addQaItem({
        db,
        dealId,
        question: questionForIrlItem({ item: it.item, coverage: it.coverage, notes: it.notes }),
        origin: "gap",
        domain: it.domain,
        priority: it.priority,
        irlItemId: it.id,
        relatedFindingIds: it.evidence.map((e) => e.findingId).filter((x): x is string => !!x),
      });
      if (r.created) added.push(withoutCreated(r));
      else existing++;
    }
  }
  return { added, existing };
}

/**
 * Q&A items from the deal's open contradictions (lib/graph/open-contradictions.ts, the list the
 * deal header counts and the chat lists): one "Which figure is right?" per contradiction, both
 * figures in one unit. Idempotent: a second run finds each already in the list (`existing`).
 */
export async function generateQaFromContradictions({ db, dealId }: { db: Queryable; dealId: string }): Promise<{ added: QaItem[]; existing: number }> {
  const added: QaItem[] = [];
  let existing = 0;
  for (const c of await listOpenContradictions({ db, dealId })) {
    const res = await addQaItem({ db, dealId, question: questionForContradiction(c), origin: "contradiction", domain: domainLabel(c.a.domain ?? "financial"), priority: "high", relatedFindingIds: [c.a.id, c.b.id] });
    if (res.created) added.push(withoutCreated(res));
    else existing++;
  }
  return { added, existing };
}

function domainLabel(d: string): string {
  return d.charAt(0).toUpperCase() + d.slice(1);
}

function withoutCreated({ created: _created, ...item }: AddedQaItem): QaItem {
  return item;
}
