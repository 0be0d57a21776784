/**
 * "Who is the CEO / CFO / auditor?" answered from the entities an annual report yields: executive
 * officers named with a middle initial and a combined title, a business unit's CEO who is not the
 * company's, and the audit firm (an organisation entity with the role "auditor").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { queryKnowledgeBase } from "@/lib/agent/knowledge/query";
import { runAgentTurn, userMessage } from "@/lib/agent/run";
import { SourceRegistry } from "@/lib/agent/sources";
import { createDeal } from "@/lib/db/queries/deals";
import { openTestDb } from "../helpers/db";
import { addDoc } from "./agent-fixtures";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

async function addEntity(db: Db, dealId: string, type: "person" | "organisation", name: string, m: { doc: string; page: number; role: string; excerpt: string }) {
  const id = crypto.randomUUID();
  await db.query("insert into entities (id, deal_id, entity_type, name, normalized_name) values ($1, $2, $3, $4, lower($4))", [id, dealId, type, name]);
  await db.query("insert into entity_mentions (id, deal_id, entity_id, document_id, role, page, excerpt) values ($1, $2, $3, $4, $5, $6, $7)", [crypto.randomUUID(), dealId, id, m.doc, m.role, m.page, m.excerpt]);
}

describe("people questions on an annual report's entities", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let deal: Awaited<ReturnType<typeof createDeal>>;
  const officers = "Executive Officers of the Registrant\nLaura M. Chen, Chairman, President and Chief Executive Officer — Ms. Chen, 62, was appointed President and Chief Executive Officer in January 2016.\nOmar Haddad, CEO Worldwide Consumer — Mr. Haddad, 51, joined the Company in 2012.\nPeter J. Alvarez, Executive Vice President and Chief Financial Officer — Mr. Alvarez, 46, joined the Company in 2007.";
  const audit = "Report of Independent Registered Public Accounting Firm\nIn our opinion, the consolidated financial statements present fairly, in all material respects, the financial position of the Company.\n/s/ Birch & Partners LLP\nChicago, Illinois";

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    deal = await createDeal({ db, slug: "people-10k", name: "Annual report", targetCompany: "Acme Widgets, Inc." });
    const doc = await addDoc(db, deal.id, "ACME_2018_10K.pdf", ["ACME WIDGETS, INC.\nANNUAL REPORT ON FORM 10-K", officers, audit], { kind: "10-K", date: "2018-07-24", fiscal_year: 2018, fiscal_period: "FY" });
    await addEntity(db, deal.id, "person", "Laura M. Chen", { doc, page: 2, role: "Chairman, President and Chief Executive Officer (executive officer, age 62)", excerpt: "Laura M. Chen, Chairman, President and Chief Executive Officer — Ms. Chen, 62, was appointed President and Chief Executive Officer in January 2016." });
    await addEntity(db, deal.id, "person", "Omar Haddad", { doc, page: 2, role: "CEO Worldwide Consumer (executive officer, age 51)", excerpt: "Omar Haddad, CEO Worldwide Consumer — Mr. Haddad, 51, joined the Company in 2012." });
    await addEntity(db, deal.id, "person", "Peter J. Alvarez", { doc, page: 2, role: "Executive Vice President and Chief Financial Officer (executive officer, age 46)", excerpt: "Peter J. Alvarez, Executive Vice President and Chief Financial Officer — Mr. Alvarez, 46, joined the Company in 2007." });
    await addEntity(db, deal.id, "organisation", "Birch & Partners LLP", { doc, page: 3, role: "auditor", excerpt: "of the Company. /s/ Birch & Partners LLP" });
  });
  afterAll(() => cleanup());

  const ask = (query: string) => queryKnowledgeBase({ db, dealId: deal.id, sources: new SourceRegistry("people-10k") }, { query });

  it("the CEO is the officer holding the title for the company (a middle initial is part of a name)", async () => {
    const r = await ask("Who is the CEO?");
    expect(r.people?.map((p) => p.name)).toEqual(["Laura M. Chen"]);
    expect(r.people?.[0]?.about[0]).toMatchObject({ document: "ACME_2018_10K.pdf", page: 2 });
  });

  it("the CFO and the auditor", async () => {
    expect((await ask("Who is the CFO?")).people?.map((p) => p.name)).toEqual(["Peter J. Alvarez"]);
    const auditor = await ask("Who is the auditor?");
    expect(auditor.people?.map((p) => p.name)).toContain("Birch & Partners LLP");
    expect(auditor.missingRoles ?? []).not.toContain("auditor");
  });

  it("the chat answers with the name instead of 'couldn't find'", async () => {
    const r = await runAgentTurn({ db, deal, messages: [userMessage("Who is the CEO?")], userId: null, conversationId: null });
    expect(r.text).toContain("Laura M. Chen");
    expect(r.text).not.toMatch(/couldn't find/i);
    // the officer holding the title, quoted as the filing prints the line, and no other officer
    expect(r.text).toMatch(/\*\*Laura M\. Chen\*\*.*\(source: ACME_2018_10K\.pdf, p\.2\)\n> "Laura M\. Chen/);
    expect(r.text).not.toMatch(/Alvarez/);
  });

  it("the chat names the audit firm, cited by the line that signs the report", async () => {
    const r = await runAgentTurn({ db, deal, messages: [userMessage("Who is the auditor?")], userId: null, conversationId: null });
    expect(r.text).toMatch(/Auditor: \*\*Birch & Partners LLP\*\* \(source: ACME_2018_10K\.pdf, p\.3\)/);
    expect(r.text).toMatch(/\n> ".*\/s\/ Birch & Partners LLP"/);
    expect(r.text).not.toMatch(/In our opinion/);
  });
});
