import { tool } from "ai";
import { z } from "zod";
import { listDocumentSummaries } from "@/lib/db/queries/documents";
import { countFindingsByDomain } from "@/lib/db/queries/knowledge";
import { listPageOpenings } from "@/lib/db/queries/pages";
import { safely, toolError, type AgentContext } from "../context";
import { DATA_NOTICE, looksLikeInstructions, quoteAsData } from "../guardrails/injection";
import { describeKind, formatDate } from "../knowledge/describe";
import { defaultGraphReader } from "../knowledge/graph";


export function getDocumentInfoTool(ctx: AgentContext) {
  return tool({
    description:
      "Information about the deal's documents. Without `document`: every document with kind, date, pages and status (use for 'what do we have?'). " +
      "With `document` (filename or part of it): its details, versions (what it supersedes / is superseded by), sheets or sections, findings by domain and its opening text.",
    inputSchema: z.object({ document: z.string().max(300).optional().describe("Filename (or a distinctive part of it)") }),
    execute: async ({ document }) =>
      safely("get_document_info", async () => {
        const rows = await listDocumentSummaries({ db: ctx.db, dealId: ctx.deal.id });
        const versions = await defaultGraphReader.documentVersions(ctx.db, ctx.deal.id);
        const name = (id: string) => rows.find((r) => r.id === id)?.filename ?? id;
        if (!document) {
          const out = {
            deal: ctx.deal.name,
            targetCompany: ctx.deal.targetCompany ?? null,
            documentCount: rows.length,
            indexed: rows.filter((r) => r.status === "indexed").length,
            documents: rows.map((r) => ({
              filename: r.filename,
              kind: r.kind,
              title: r.title,
              date: formatDate(r.document_date) ?? null,
              pages: r.page_count,
              status: r.status,
              findings: r.findings,
              supersedes: versions.filter((v) => v.newerId === r.id).map((v) => name(v.olderId)),
              supersededBy: versions.filter((v) => v.olderId === r.id).map((v) => name(v.newerId)),
            })),
          };
          ctx.sources.recordOutput(out);
          return out;
        }
        const q = document.trim().toLowerCase();
        const doc = rows.find((r) => r.filename.toLowerCase() === q || r.id === document) ?? rows.find((r) => r.filename.toLowerCase().includes(q));
        if (!doc) return toolError(`No document matching "${document}" in this deal.`, `Documents: ${rows.map((r) => r.filename).join(", ")}`);
        const pages = await listPageOpenings({ db: ctx.db, documentId: doc.id, limit: 60, chars: 600 });
        const byDomain = await countFindingsByDomain({ db: ctx.db, documentId: doc.id });
        const first = pages[0];
        let opening: unknown = null;
        if (first && first.text.trim()) {
          const excerpt = first.text.replace(/\s+/g, " ").trim().slice(0, 300);
          if (looksLikeInstructions(excerpt)) ctx.sources.markUntrusted(excerpt);
          const ref = ctx.sources.add({ documentId: doc.id, document: doc.filename, page: first.page_number, excerpt, documentDate: doc.document_date, kind: doc.kind });
          opening = { excerpt: quoteAsData(excerpt), citation: ref.citation, url: ref.url };
        }
        const out = {
          dataNotice: DATA_NOTICE,
          filename: doc.filename,
          kind: doc.kind,
          described: describeKind(doc.kind, doc.filename),
          title: doc.title,
          date: formatDate(doc.document_date) ?? null,
          format: doc.format,
          pages: doc.page_count,
          status: doc.status,
          ...(doc.error ? { error: doc.error } : {}),
          sections: pages.filter((p) => p.label).map((p) => ({ page: p.page_number, label: p.label })),
          findingsByDomain: Object.fromEntries(byDomain.map((r) => [r.domain, r.n])),
          supersedes: versions.filter((v) => v.newerId === doc.id).map((v) => ({ document: name(v.olderId), reason: v.reason })),
          supersededBy: versions.filter((v) => v.olderId === doc.id).map((v) => ({ document: name(v.newerId), reason: v.reason })),
          opening,
        };
        ctx.sources.recordOutput(out);
        return out;
      }),
  });
}
