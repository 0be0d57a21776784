/**
 * get_people on made-up annual reports' officers: a co-registrant of a combined filing (a holding
 * company's utility) named as the company resolves to the filings that print it on their cover, its
 * own officers first; and the company's own chief executive comes before the chief executives of
 * its business units.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { createAgentContext, type AgentContext } from "@/lib/agent/context";
import { createAgentTools } from "@/lib/agent/tools";
import { openTestDb } from "../helpers/db";
import { addDoc } from "./agent-fixtures";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "" });

async function addOfficer(db: Db, dealId: string, doc: string, name: string, role: string, page: number) {
  // (one entity per person, mentioned as often as the filing names them)
  const { rows } = await db.query<{ id: string }>(
    "insert into entities (id, deal_id, entity_type, name, normalized_name) values ($1, $2, 'person', $3, lower($3)) on conflict (deal_id, entity_type, normalized_name) do update set name = excluded.name returning id",
    [crypto.randomUUID(), dealId, name],
  );
  const id = rows[0]!.id;
  await db.query("insert into entity_mentions (id, deal_id, entity_id, document_id, role, page, excerpt) values ($1, $2, $3, $4, $5, $6, $7)", [crypto.randomUUID(), dealId, id, doc, role, page, `${name} ${role}`]);
}

const combinedCover = [
  "UNITED STATES", "SECURITIES AND EXCHANGE COMMISSION", "FORM 10-K", "For the Fiscal Year Ended December 31, 2023", "",
  "Commission", "File Number", "Exact Name of Registrant", "as Specified In Its Charter", "State or Other Jurisdiction of", "Incorporation or Organization", "IRS Employer", "Identification Number", "",
  "1-30411 HARROWGATE HOLDINGS CORP Ohio 31-4455667", "1-2210 HARROWGATE POWER & LIGHT COMPANY Ohio 31-0099881", "333-10452 NORTHMARK GAS TRANSMISSION LLC Delaware 31-7700112", "",
  "12 Mill Street 12 Mill Street", "Columbus, Ohio 43215 Columbus, Ohio 43215", "(Address of principal executive offices) (Zip Code) (Address of principal executive offices) (Zip Code)",
].join("\n");
const plainCover = ["UNITED STATES", "SECURITIES AND EXCHANGE COMMISSION", "FORM 10-K", "For the fiscal year ended December 31, 2023", "Commission File Number 1-51234", "", "BELMONT FREIGHT INC.", "(Exact name of registrant as specified in its charter)"].join("\n");

describe("get_people on combined filings and business units", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let ctx: AgentContext;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the output is asserted field by field below
  const people = async (input: unknown): Promise<Record<string, any>> => {
    const tools = createAgentTools(ctx) as unknown as Record<string, { inputSchema: { parse: (x: unknown) => unknown }; execute: (i: unknown, o: unknown) => Promise<unknown> }>;
    return (await tools.get_people!.execute(tools.get_people!.inputSchema.parse(input), { toolCallId: "t", messages: [] })) as never;
  };

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDb());
    const deal = await createDeal({ db, slug: "registrants", name: "Registrants" });
    ctx = createAgentContext({ db, deal: { id: deal.id, slug: deal.slug, name: deal.name } });
    const holding = await addDoc(db, deal.id, "HARROWGATE_2023_10K.pdf", [combinedCover, "Information About Our Executive Officers", "Signatures"], { company: "Harrowgate Holdings Corp", kind: "10-K", date: "2024-02-20", fiscal_year: 2023, fiscal_period: "FY" });
    await addOfficer(db, deal.id, holding, "Mara T. Okafor", "President and Chief Executive Officer (executive officer, age 58)", 2);
    await addOfficer(db, deal.id, holding, "Jonah Reyes", "Senior Vice President and Chief Financial Officer (executive officer, age 49)", 2);
    await addOfficer(db, deal.id, holding, "Ilse Varga", "Vice President, Chief Financial Officer and Controller, Harrowgate Power & Light Company (executive officer, age 44)", 2);
    await addOfficer(db, deal.id, holding, "Deon Marsh", "President and Chief Executive Officer, Harrowgate Power & Light Company (executive officer, age 52)", 2);
    await addOfficer(db, deal.id, holding, "Sunniva Holt", "Vice President and Chief Financial Officer, Northmark Gas Transmission LLC (executive officer, age 41)", 2);
    const freight = await addDoc(db, deal.id, "BELMONT_2023_10K.pdf", [plainCover, "Executive Officers of the Registrant", "Signatures"], { company: "Belmont Freight Inc.", kind: "10-K", date: "2024-02-27", fiscal_year: 2023, fiscal_period: "FY" });
    // the business units' chief executives printed before the company's
    await addOfficer(db, deal.id, freight, "Rosa Lindqvist", "Executive Vice President, President and Chief Executive Officer, Belmont Rail Services (executive officer, age 51)", 2);
    await addOfficer(db, deal.id, freight, "Tomas Weir", "Chief Executive Officer, Ocean Logistics (executive officer, age 47)", 2);
    await addOfficer(db, deal.id, freight, "Amir Castellan", "Chairman, President and Chief Executive Officer (executive officer, age 60)", 2);
    await addOfficer(db, deal.id, freight, "Amir Castellan", "Chairman, President and Chief Executive Officer (Principal Executive Officer) (signed the annual report)", 3);
    // the company's own name read before a title ("with the participation of Belmont Freight, Inc.'s Chief Executive Officer and Chief Financial Officer")
    await addOfficer(db, deal.id, freight, "Belmont Freight", "Chief Executive Officer and Chief Financial Officer", 90);
  }, 60_000);
  afterAll(() => cleanup());

  it("resolves a co-registrant named on a combined filing's cover, in three wordings, with its own officer first", async () => {
    for (const company of ["Harrowgate Power & Light Company", "Harrowgate Power and Light", "the Harrowgate Power & Light Co."]) {
      const out = await people({ company, role: "CFO" });
      expect(out.error, company).toBeUndefined();
      expect(out.items[0], company).toMatchObject({ name: "Ilse Varga" });
      expect(out.notes.join(" "), company).toMatch(/registrant of Harrowgate Holdings Corp's combined filings/);
    }
    expect((await people({ company: "Harrowgate Power & Light Company", role: "chief executive officer" })).items[0]).toMatchObject({ name: "Deon Marsh" });
    // a co-registrant whose name shares no word with the company's
    for (const company of ["Northmark Gas Transmission LLC", "Northmark Gas Transmission"]) {
      const out = await people({ company, role: "chief financial officer" });
      expect(out.error, company).toBeUndefined();
      expect(out.items[0], company).toMatchObject({ name: "Sunniva Holt" });
    }
  });

  it("gives the holding company's own officer first when the holding company is asked", async () => {
    expect((await people({ company: "Harrowgate Holdings", role: "CFO" })).items[0]).toMatchObject({ name: "Jonah Reyes" });
    expect((await people({ company: "Harrowgate Holdings", role: "chief executive officer" })).items[0]).toMatchObject({ name: "Mara T. Okafor" });
  });

  it("never lists the company's own name as an officer", async () => {
    for (const role of ["CFO", "chief executive officer"]) {
      const out = await people({ company: "Belmont Freight", role });
      expect(out.items.map((i: { name: string }) => i.name), role).not.toContain("Belmont Freight");
    }
    expect((await people({ company: "Belmont Freight", role: "CFO" })).items).toEqual([]);
  });

  it("still refuses a name no company's cover prints", async () => {
    const out = await people({ company: "Ridgeline Water Company", role: "CFO" });
    expect(out.error).toMatch(/No company in this deal matches/);
    expect(out.items).toEqual([]);
  });

  it("lists the company's chief executive before its business units' chief executives, however the role is asked", async () => {
    for (const role of ["chief executive officer", "CEO", "Chief Executive"]) {
      const out = await people({ company: "Belmont Freight", role });
      expect(out.items[0], role).toMatchObject({ name: "Amir Castellan" });
      expect(out.items.map((i: { name: string }) => i.name), role).toEqual(expect.arrayContaining(["Rosa Lindqvist", "Tomas Weir"]));
      expect(out.items.findIndex((i: { name: string }) => i.name !== "Amir Castellan"), role).toBe(2);
    }
  });
});
