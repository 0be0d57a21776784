/**
 * The agent on questions the findings alone don't answer (seed 002 P2/P3): people from the
 * promoted entities (synthesis, role questions in English and Swedish), figures read from a table
 * row or a sheet cell, a trend over a range of quarters, forecast vs actual across documents, and
 * honest "why not" answers with the Q&A offer. Local model, PGlite, deterministic.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { queryKnowledgeBase } from "@/lib/agent/knowledge/query";
import { runAgentTurn, userMessage } from "@/lib/agent/run";
import { SourceRegistry } from "@/lib/agent/sources";
import { openTestDb } from "../helpers/db";
import { addDoc, seedDeal } from "./agent-fixtures";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

async function addPerson(db: Db, dealId: string, name: string, mentions: Array<{ doc: string; page: number; role: string; excerpt: string }>) {
  const id = crypto.randomUUID();
  await db.query("insert into entities (id, deal_id, entity_type, name, normalized_name) values ($1, $2, 'person', $3, lower($3))", [id, dealId, name]);
  for (const m of mentions) {
    await db.query("insert into entity_mentions (id, deal_id, entity_id, document_id, role, page, excerpt) values ($1, $2, $3, $4, $5, $6, $7)", [crypto.randomUUID(), dealId, id, m.doc, m.role, m.page, m.excerpt]);
  }
}

describe("agent synthesis over entities, tables and series", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let seeded: Awaited<ReturnType<typeof seedDeal>>;
  let souDeal: Awaited<ReturnType<typeof import("@/lib/db/queries/deals").createDeal>>;
  const turn = (q: string, dealArg = seeded.deal) => runAgentTurn({ db, deal: dealArg, messages: [userMessage(q)], userId: null, conversationId: null });

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    seeded = await seedDeal(db, "agent-synthesis");
    const d = seeded.deal.id;
    const { bios, q3, minutes } = seeded.docs;
    await addPerson(db, d, "Jane Smith", [
      { doc: bios, page: 2, role: "Chief Executive Officer", excerpt: "Jane Smith joined Nordhavn Analytics as Chief Executive Officer in 2019." },
      { doc: minutes, page: 1, role: "Chief Executive Officer", excerpt: "Also present: Jane Smith (Chief Executive Officer)." },
    ]);
    await addPerson(db, d, "Contact Jane Smith", [{ doc: q3, page: 1, role: "Chief Executive Officer", excerpt: "Contact Jane Smith, Chief Executive Officer." }]);
    await addPerson(db, d, "John Doe", [{ doc: bios, page: 3, role: "Chief Financial Officer", excerpt: "John Doe joined Nordhavn Analytics as Chief Financial Officer in 2021." }]);
    // a balance sheet table on a page, and a cap table sheet with cells
    await addDoc(db, d, "Q3_Balance.pdf", ["Financial position\nEUR thousands 30 Sep 2024 30 Sep 2023 31 Dec 2023\nCash and cash equivalents 4,040 3,980 4,100\nInterest-bearing borrowings 3,250 4,250 4,000"], { kind: "quarterly report", date: "2024-10-24" });
    const cap = await addDoc(db, d, "Cap_Table.xlsx", ["A4: Shareholder | B4: Role | C4: Shares | D4: % fully diluted\nA5: Jane Smith | B5: Chief Executive Officer | C5: 1500000 | D5: 15%\nA6: John Doe | B6: Chief Financial Officer | C6: 0 | D6: 0%"], { kind: "cap table", date: "2024-09-30" });
    const cells = [["A4", "Shareholder"], ["B4", "Role"], ["C4", "Shares"], ["D4", "% fully diluted"], ["A5", "Jane Smith"], ["B5", "Chief Executive Officer"], ["C5", "1500000"], ["D5", "15%"], ["A6", "John Doe"], ["B6", "Chief Financial Officer"], ["C6", "0"], ["D6", "0%"]].map(([c, v]) => ({ ref: `'Cap Table'!${c}`, value: v }));
    await db.query("update document_pages set cells = $2::jsonb, label = 'Cap Table' where document_id = $1", [cap, JSON.stringify(cells)]);
    // a Swedish report in its own deal
    const { createDeal } = await import("@/lib/db/queries/deals");
    const sou = await createDeal({ db, slug: "agent-sou", name: "SOU", targetCompany: "ISF" });
    souDeal = sou;
    const sd = await addDoc(db, sou.id, "SOU_2014_67.txt", ["Inbyggd integritet inom Inspektionen för socialförsäkringen SOU 2014:67", "Som särskild utredare förordnades den 10 september 2013 advokat Per Furberg. Som sekreterare i utredningen anställdes den 10 september 2013 Johanna Wasteson."]);
    await addPerson(db, sou.id, "Per Furberg", [{ doc: sd, page: 2, role: "särskild utredare", excerpt: "Som särskild utredare förordnades den 10 september 2013 advokat Per Furberg." }]);
    await addPerson(db, sou.id, "Johanna Wasteson", [{ doc: sd, page: 2, role: "sekreterare", excerpt: "Som sekreterare i utredningen anställdes den 10 september 2013 Johanna Wasteson." }]);
  });
  afterAll(() => cleanup());

  it("query_knowledge_base returns the people a question names, with cited sentences, and the roles nobody holds", async () => {
    const sources = new SourceRegistry("agent-synthesis");
    const r = await queryKnowledgeBase({ db, dealId: seeded.deal.id, sources }, { query: "the management team" });
    expect(r.people?.map((p) => p.name)).toEqual(["Jane Smith", "John Doe"]); // "Contact Jane Smith" is not a person
    expect(r.people?.[0]?.about[0]).toMatchObject({ document: "Management_Bios.docx", page: 2, citation: "(source: Management_Bios.docx, p.2)" });
    expect(r.missingRoles).toEqual(["CTO", "Head of Sales"]);
    expect(sources.list().some((s) => s.document === "Management_Bios.docx" && s.page === 2)).toBe(true);
  });

  it("synthesis: one section per person, ownership from the cap table, the gap and the Q&A offer", async () => {
    const r = await turn("Summarize the management team");
    expect(r.text).toMatch(/^Here's what we know about the management team:/);
    expect(r.text).toMatch(/\*\*CEO – Jane Smith\*\*\n- "Jane Smith joined Nordhavn Analytics as Chief Executive Officer in 2019\." \(source: Management_Bios\.docx, p\.2\)/);
    expect(r.text).toMatch(/Owns 15% \(fully diluted\) \(source: Cap_Table\.xlsx, 'Cap Table'!D5\)/);
    expect(r.text).toMatch(/\*\*CFO – John Doe\*\*/);
    expect(r.text).toMatch(/Holds no equity/);
    expect(r.text).toMatch(/\*\*Gaps:\*\* No information found on a CTO or other technology leader or Head of Sales.*Q&A list\?/);
    expect(r.guardrailFlags).toEqual([]);
  });

  it("'What do we know about the CEO?' is synthesis about the CEO, not gap identification", async () => {
    const r = await turn("What do we know about the CEO?");
    expect(r.toolCalls.map((t) => t.toolName)).not.toContain("find_gaps");
    expect(r.text).toMatch(/Jane Smith/);
    expect(r.text).toMatch(/2019/);
    expect(r.text).not.toMatch(/John Doe/);
  });

  it("a figure no finding covers is read from the table row, in the asked date's column", async () => {
    const r = await turn("What was the cash position at 30 September 2024?");
    expect(r.text).toMatch(/^Cash and cash equivalents at 30 Sep 2024: EUR 4\.04 million \(4,040 in EUR thousands\) \(source: Q3_Balance\.pdf, p\.1\)\./);
    expect(r.guardrailFlags).toEqual([]);
  });

  it("ownership of a role is read from the person's cap table row, cited by cell", async () => {
    const r = await turn("What share of the company does the CEO own?");
    expect(r.text).toMatch(/^Jane Smith \(CEO\) holds 15% of the company \(fully diluted\) \(source: Cap_Table\.xlsx, 'Cap Table'!D5\)\./);
    expect(r.sources.some((s) => s.document === "Cap_Table.xlsx" && s.cell === "'Cap Table'!D5")).toBe(true);
  });

  it("a Swedish role question is answered from the entity mention, quoted", async () => {
    const r = await turn("Vem förordnades som särskild utredare i SOU 2014:67?", souDeal);
    expect(r.text).toMatch(/^Per Furberg \(särskild utredare\): "Som särskild utredare förordnades den 10 september 2013 advokat Per Furberg\." \(source: SOU_2014_67\.txt, p\.2\)/);
  });

  it("a trend over a range of quarters: prose with each value, its change and source; forecast vs actual is not a conflict", async () => {
    const r = await turn("How did quarterly revenue develop from Q2 to Q3 2024?");
    expect(r.text).toMatch(/^Revenue grew from EUR 4\.8 million in Q2 2024 \(source: Q2_2024_Report\.pdf, p\.1\) to EUR 5\.2 million in Q3 2024 \(\+8\.3% on Q2 2024\) \(source: Q3_2024_Report\.pdf, p\.1\)/);
    expect(r.text).not.toMatch(/conflict|contradict|discrepan/i);
    expect(r.guardrailFlags).toEqual([]);
  });

  it("forecast vs actual without a named metric: a table across documents, the missing lines said", async () => {
    const r = await turn("Compare forecast to actual");
    expect(r.text).toMatch(/\| Revenue \| EUR 5\.0 million \(source: Management_Presentation_Oct2024\.pdf, p\.3\) \| EUR 5\.2 million \(source: Q3_2024_Report\.pdf, p\.1\) \| \+EUR 200 thousand \(\+4%\) \|/);
    expect(r.text).toMatch(/not a conflict/);
    expect(r.text).toMatch(/No forecast for the same period as an actual was found for EBITDA or gross margin/);
  });

  it("forecast vs actual for a metric with no forecast: says why, and offers a Q&A item", async () => {
    const r = await turn("Compare the EBITDA forecast to actual");
    expect(r.text).toMatch(/^I couldn't line up a forecast against an actual: no forecast figures were found/);
    expect(r.text).toMatch(/add a question to the Q&A list .*\?$/);
  });

  it("no data: the answer says what was searched and why it is missing, then offers Q&A (never a bare 'I don't know')", async () => {
    const r = await turn("What is the status of the company's patent applications?");
    expect(r.text).toMatch(/^I couldn't find information on the status of the company's patent applications in the uploaded documents — none of the extracted findings or document pages cover it/);
    expect(r.text).toMatch(/add this question to the Q&A list/);
  });

  it("is deterministic", async () => {
    const a = await turn("Summarize the management team");
    const b = await turn("Summarize the management team");
    expect(a.text).toBe(b.text);
  });
});
