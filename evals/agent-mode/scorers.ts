/** Code scorers of Agent Mode results (no model judge): the trace proves the process, the pages prove the citations. */
import type { Queryable } from "@/lib/db";
import { extractQuotes, mentionsTopic, quoteFoundIn } from "@/lib/agent/mode/text";
import type { AgentModeResult } from "@/lib/agent/mode/types";
import type { AgentCheck } from "./cases";

const LOOKUPS = new Set(["search_documents", "query_knowledge_base", "get_line_items", "compute_metric", "get_company_facts", "get_people", "get_timeline"]);

export interface AgentCheckResult {
  check: AgentCheck["check"];
  pass: boolean;
  detail: string;
}

export async function scoreAgentCheck(k: AgentCheck, r: AgentModeResult, ctx: { db: Queryable; dealId: string }): Promise<AgentCheckResult> {
  const trace = r.trace ?? [];
  const calls = trace.filter((e) => e.type === "tool_call" && e.ok);
  const out = (pass: boolean, detail: string): AgentCheckResult => ({ check: k.check, pass, detail });
  switch (k.check) {
    case "validated":
      return out(r.status === "validated", `status ${r.status}${r.unmet.length ? `: ${r.unmet.join(" ")}` : ""}`);
    case "min_searches": {
      // Agent Mode runs on the chat's loop: a search is any lookup of its evidence tools
      const n = calls.filter((e) => e.type === "tool_call" && LOOKUPS.has(e.tool)).length;
      return out(n >= k.n, `${n} lookup(s)`);
    }
    case "min_opened": {
      // a source is opened when the answer cites its page (the chat's tools read whole pages and statement lines)
      const n = r.citations.filter((c) => c.opened).length;
      return out(n >= k.n, `${n} opened`);
    }
    case "exact_quote": {
      const pages = await Promise.all(r.citations.filter((c) => c.opened).map(async (c) => (await ctx.db.query<{ text: string }>("select text from document_pages where deal_id = $1 and document_id = $2 and page_number = $3", [ctx.dealId, c.documentId, c.page])).rows[0]?.text ?? ""));
      const good = extractQuotes(r.answer).filter((q) => (!k.figure || /\d/.test(q.text)) && pages.some((p) => quoteFoundIn(q.text, p)));
      return out(good.length > 0, good.length ? `“${good[0]!.text.slice(0, 80)}”` : "no exact quote found on a cited page");
    }
    case "insufficiency": {
      const topics = k.topics.filter((t) => r.insufficiencies.some((i) => mentionsTopic(i.topic, t) || mentionsTopic(t, i.topic)));
      const phrase = r.answer.toLowerCase().includes(k.phrase.toLowerCase());
      return out(topics.length === k.topics.length && phrase, `listed: ${r.insufficiencies.map((i) => i.topic).join(", ") || "none"}; phrase ${phrase ? "present" : "missing"}`);
    }
    case "no_insufficiency_for": {
      const wrong = k.topics.filter((t) => r.insufficiencies.some((i) => mentionsTopic(i.topic, t)));
      return out(wrong.length === 0, wrong.length ? `wrongly missing: ${wrong.join(", ")}` : "ok");
    }
    case "citations_grounded": {
      if (r.citations.length === 0) return out(false, "no citations");
      for (const c of r.citations) {
        const { rows } = await ctx.db.query("select 1 from document_pages where deal_id = $1 and document_id = $2 and page_number = $3", [ctx.dealId, c.documentId, c.page]);
        if (rows.length === 0 || !c.url.includes(`/documents/${c.documentId}?page=${c.page}`)) return out(false, `citation [${c.n}] does not resolve`);
      }
      return out(true, `${r.citations.length} citation(s) resolve to their pages`);
    }
    case "answer_contains":
      return out(k.anyOf.some((v) => r.answer.includes(v)), k.anyOf.join(" | "));
    case "answer_lacks": {
      const bad = k.values.filter((v) => r.answer.includes(v));
      return out(bad.length === 0, bad.length ? `contains ${bad.join(", ")}` : "ok");
    }
    case "cites_document": {
      const docs = new Set(r.citations.map((c) => c.document));
      return out(k.documents.every((d) => docs.has(d)), [...docs].join(", "));
    }
    case "line_states": {
      const line = r.answer.split("\n").find((l) => k.terms.every((t) => mentionsTopic(l, t) || l.toLowerCase().includes(t.toLowerCase())) && k.anyOf.some((v) => l.includes(v)));
      return out(!!line, line ? line.slice(0, 120) : `no line names ${k.terms.join(" + ")} with ${k.anyOf.join(" | ")}`);
    }
    case "parallel_searches": {
      // independent items' lookups started together share a batch
      const items = new Map<number, Set<number>>();
      for (const e of calls) if (e.type === "tool_call" && e.batch && e.item !== undefined) items.set(e.batch, (items.get(e.batch) ?? new Set()).add(e.item));
      const parallel = [...items.values()].some((s) => s.size > 1);
      return out(parallel, parallel ? "items' lookups ran as a parallel batch" : "no parallel batch");
    }
  }
}
