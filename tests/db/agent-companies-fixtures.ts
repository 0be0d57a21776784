/**
 * A deal holding two companies' filings (3M's 2018 and 2022 10-Ks, Amazon's 2019 10-K): real PDFs
 * through the real ingest (company, kind, date and version group inferred from the file name and
 * cover page), then findings on their pages as the extraction would promote them.
 */
import type { Db } from "@/lib/db";
import { createDeal } from "@/lib/db/queries/deals";
import { ingestFile } from "@/lib/ingest/ingest";
import { makePdf, tempDir, writeFixture } from "../helpers/fixtures";

const cover = (fiscalYearEnd: string, registrant: string) =>
  ["UNITED STATES SECURITIES AND EXCHANGE COMMISSION", "Washington, D.C. 20549", "FORM 10-K", `ANNUAL REPORT for the fiscal year ended ${fiscalYearEnd}`, registrant, "(Exact name of registrant as specified in its charter)"].join("\n");

export const FILINGS = {
  mmm2018: {
    file: "3M_2018_10K.pdf",
    pages: [cover("December 31, 2018", "3M COMPANY"), "Results of operations\nNet sales in 2018 were $32,765 million, an increase of 3.5 percent compared with $31,657 million in 2017."],
  },
  mmm2022: {
    file: "3M_2022_10K.pdf",
    pages: [cover("December 31, 2022", "3M COMPANY"), "Results of operations\nNet sales in 2022 were $34,229 million, compared with $35,355 million in 2021."],
  },
  amzn2019: {
    file: "AMAZON_2019_10K.pdf",
    pages: [cover("December 31, 2019", "AMAZON.COM, INC."), "Results of operations\nTotal net sales were $280,522 million in 2019, compared with $232,887 million in 2018."],
  },
} as const;

interface Sales {
  doc: string;
  value: string;
  num: number;
  period: string;
  excerpt: string;
}

async function addSales(db: Db, dealId: string, f: Sales): Promise<string> {
  const id = crypto.randomUUID();
  await db.query(
    `insert into findings (id, deal_id, document_id, domain, metric, metric_key, value_text, value_num, unit, currency, period, is_forecast, source_page, source_excerpt, confidence)
     values ($1, $2, $3, 'financial', 'Net sales', 'revenue', $4, $5, 'currency', 'USD', $6, false, 2, $7, 0.9)`,
    [id, dealId, f.doc, f.value, f.num, f.period, f.excerpt],
  );
  return id;
}

export async function seedTwoCompanyDeal(db: Db, slug = "two-companies") {
  const deal = await createDeal({ db, slug, name: "Two filers", targetCompany: "3M" });
  const dir = tempDir("manda-two-companies-");
  const docs: Record<keyof typeof FILINGS, string> = { mmm2018: "", mmm2022: "", amzn2019: "" };
  for (const [key, filing] of Object.entries(FILINGS) as Array<[keyof typeof FILINGS, (typeof FILINGS)[keyof typeof FILINGS]]>) {
    const r = await ingestFile({ db, dealId: deal.id, filePath: writeFixture(dir, filing.file, await makePdf([...filing.pages])) });
    if (r.status !== "indexed" || !r.documentId) throw new Error(`${filing.file} was not indexed`);
    docs[key] = r.documentId;
  }
  const d = deal.id;
  const f = {
    mmm2018: await addSales(db, d, { doc: docs.mmm2018, value: "$32,765 million", num: 32_765e6, period: "FY2018", excerpt: "Net sales in 2018 were $32,765 million" }),
    mmm2017: await addSales(db, d, { doc: docs.mmm2018, value: "$31,657 million", num: 31_657e6, period: "FY2017", excerpt: "compared with $31,657 million in 2017" }),
    mmm2022: await addSales(db, d, { doc: docs.mmm2022, value: "$34,229 million", num: 34_229e6, period: "FY2022", excerpt: "Net sales in 2022 were $34,229 million" }),
    mmm2021: await addSales(db, d, { doc: docs.mmm2022, value: "$35,355 million", num: 35_355e6, period: "FY2021", excerpt: "compared with $35,355 million in 2021" }),
    amzn2019: await addSales(db, d, { doc: docs.amzn2019, value: "$280,522 million", num: 280_522e6, period: "FY2019", excerpt: "Total net sales were $280,522 million in 2019" }),
    amzn2018: await addSales(db, d, { doc: docs.amzn2019, value: "$232,887 million", num: 232_887e6, period: "FY2018", excerpt: "compared with $232,887 million in 2018" }),
  };
  return { deal, docs, f };
}
