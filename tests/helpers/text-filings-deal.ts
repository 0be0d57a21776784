/** A deal of made-up 10-K text filings through the real ingest, with a typed evidence tool's call and a chat turn on it. */
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { createAgentContext, type AgentContext } from "@/lib/agent/context";
import { createAgentTools } from "@/lib/agent/tools";
import { runAgentTurn } from "@/lib/agent/run";
import { runExtraction } from "@/lib/extraction/run";
import { ingestFile } from "@/lib/ingest/ingest";
import { openTestDb } from "./db";
import { cover } from "./filings";
import { tempDir, writeFixture } from "./fixtures";

export interface TextFilingsDeal {
  db: Db;
  cleanup: () => Promise<void>;
  /** One evidence tool's output for an input its schema parses. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert the output field by field
  call: (tool: string, input: unknown) => Promise<Record<string, any>>;
  /** The offline chat's answer to one question. */
  ask: (text: string) => Promise<string>;
}

/** A deal "TURBINA WORKS, INC." of one 10-K a year, each a cover page and the body `body(year)` returns. */
export async function textFilingsDeal(slug: string, years: number[], body: (year: number) => string, opts: { extract?: boolean } = {}): Promise<TextFilingsDeal> {
  const { db, cleanup } = await openTestDb();
  const deal = await createDeal({ db, slug, name: slug });
  const ctx: AgentContext = createAgentContext({ db, deal });
  const dir = tempDir(`manda-${slug}-`);
  for (const year of years) {
    const pages = [cover("TURBINA WORKS, INC.", "TRBW", "1-55555").replace("2023", String(year)), body(year)];
    const r = await ingestFile({ db, dealId: deal.id, filePath: writeFixture(dir, `TURBINA_${year}_10K.txt`, new TextEncoder().encode(pages.join("\f"))) });
    if (r.status !== "indexed") throw new Error(`${year} was not indexed`);
    // (the rules' findings too, when the tools asked read the deal's tables)
    if (opts.extract && r.documentId) await runExtraction(db, { dealId: deal.id, documentId: r.documentId, kind: "findings", mode: "rules" });
  }
  const call = async (tool: string, input: unknown) => {
    const tools = createAgentTools(ctx) as unknown as Record<string, { inputSchema: { parse: (x: unknown) => unknown }; execute: (i: unknown, o: unknown) => Promise<unknown> }>;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert the output field by field
    return (await tools[tool]!.execute(tools[tool]!.inputSchema.parse(input), { toolCallId: "t", messages: [] })) as Record<string, any>;
  };
  const ask = async (text: string) => (await runAgentTurn({ db, deal, messages: [{ id: "u", role: "user", parts: [{ type: "text", text }] }] })).text;
  return { db, cleanup, call, ask };
}
