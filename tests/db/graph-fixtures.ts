/**
 * Test data for the graph tests: documents, pages and findings inserted directly (the extractors
 * are written in parallel). Demo values follow scripts/demo/facts*.ts (Project Aurora).
 */
import type { Queryable } from "@/lib/db";
import { inferMetadata } from "@/lib/ingest/metadata";

export async function addDeal(db: Queryable, slug: string, targetCompany: string | null = null): Promise<string> {
  const id = crypto.randomUUID();
  await db.query("insert into deals (id, slug, name, target_company) values ($1, $2, $3, $4)", [id, slug, slug, targetCompany]);
  return id;
}

export interface DocSpec {
  filename: string;
  /** Page texts; page 1 first. The metadata is inferred from the filename and these, as ingest does. */
  pages?: string[];
  kind?: string | null;
  company?: string | null;
  fiscalYear?: number | null;
  fiscalPeriod?: string | null;
  documentDate?: string | null;
  createdAt?: string;
}

let seq = 0;

export async function addDoc(db: Queryable, dealId: string, spec: DocSpec): Promise<string> {
  const id = crypto.randomUUID();
  const pages = spec.pages ?? [`${spec.filename}`];
  const meta = inferMetadata(spec.filename, pages.join("\n"));
  const pick = <T>(v: T | undefined, d: T) => (v === undefined ? d : v);
  const createdAt = spec.createdAt ?? new Date(Date.UTC(2025, 0, 1, 0, 0, seq++)).toISOString();
  await db.query(
    `insert into documents (id, deal_id, filename, sha256, bytes, storage_path, status, page_count, kind, company, fiscal_year,
       fiscal_period, document_date, version_group, created_at)
     values ($1, $2, $3, $4, 100, $5, 'indexed', $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      id, dealId, spec.filename, crypto.randomUUID(), `x/${id}`, pages.length,
      pick(spec.kind, meta.kind ?? null), pick(spec.company, meta.company ?? null), pick(spec.fiscalYear, meta.fiscalYear ?? null),
      pick(spec.fiscalPeriod, meta.fiscalPeriod ?? null), pick(spec.documentDate, meta.documentDate ?? null), meta.versionGroup, createdAt,
    ],
  );
  for (const [i, text] of pages.entries()) {
    await db.query("insert into document_pages (document_id, deal_id, page_number, text) values ($1, $2, $3, $4)", [id, dealId, i + 1, text]);
  }
  return id;
}

export interface FindingSpec {
  metricKey: string;
  period: string | null;
  valueNum: number | null;
  valueText: string;
  page: number;
  isForecast?: boolean;
  unit?: string;
  currency?: string | null;
  confidence?: number;
  cell?: string;
  status?: "active" | "rejected";
}

export async function addFinding(db: Queryable, dealId: string, documentId: string, f: FindingSpec): Promise<string> {
  const id = crypto.randomUUID();
  await db.query(
    `insert into findings (id, deal_id, document_id, metric, metric_key, value_text, value_num, unit, currency, period, is_forecast,
       source_page, source_cell, source_excerpt, confidence, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    [
      id, dealId, documentId, f.metricKey.replace(/_/g, " "), f.metricKey, f.valueText, f.valueNum, f.unit ?? "currency",
      f.currency === undefined ? "EUR" : f.currency, f.period, f.isForecast ?? false, f.page, f.cell ?? null,
      `${f.metricKey} ${f.valueText}`, f.confidence ?? 0.8, f.status ?? "active",
    ],
  );
  return id;
}

/** Project Aurora's documents and the findings the relation rules care about. */
export async function seedDemoDeal(db: Queryable, slug = "project-aurora") {
  const dealId = await addDeal(db, slug, "Nordhavn Analytics AB");
  const d = {
    q2: await addDoc(db, dealId, { filename: "Q2_2024_Report.pdf", pages: ["Interim report January–June 2024\n18 July 2024"] }),
    q3: await addDoc(db, dealId, {
      filename: "Q3_2024_Report.pdf",
      pages: ["Interim report January–September 2024\n24 October 2024\nRevenue for the third quarter of 2024 was EUR 5.2 million."],
    }),
    ar: await addDoc(db, dealId, { filename: "Annual_Report_2023.pdf", pages: ["Nordhavn Analytics AB\nAnnual Report 2023\n15 March 2024"] }),
    arc: await addDoc(db, dealId, {
      filename: "Annual_Report_2023_CORRECTED.pdf",
      pages: [
        "Nordhavn Analytics AB\nAnnual Report 2023 (corrected version)\n22 May 2024\nThis corrected version supersedes the annual report dated 15 March 2024.\nEBITDA for the financial year 2023 has been restated from EUR 3.9 million to EUR 3.6 million.",
      ],
    }),
    deck: await addDoc(db, dealId, { filename: "Management_Presentation_Oct2024.pdf", pages: ["Project Aurora – Management presentation\n3 October 2024"] }),
    fc: await addDoc(db, dealId, {
      filename: "forecast.xlsx",
      pages: ["Project Aurora – Financial forecast\n27 September 2024", "EUR thousands. FY2023A as restated in the corrected annual report of 22 May 2024."],
    }),
    fc2: await addDoc(db, dealId, {
      filename: "forecast_v2.xlsx",
      pages: ["Project Aurora – Financial forecast (version 2)\n8 November 2024\nVersion 2.0 – supersedes forecast.xlsx dated 27 September 2024", "Assumptions"],
    }),
    cap: await addDoc(db, dealId, { filename: "Cap_Table.xlsx", pages: ["Capitalisation table\n30 September 2024"] }),
  };
  const F = (doc: string, f: FindingSpec) => addFinding(db, dealId, doc, f);
  const f = {
    // Annual report (original) and corrected version: revenue unchanged, EBITDA 3.9 → 3.6.
    arRevenue: await F(d.ar, { metricKey: "revenue", period: "FY2023", valueNum: 18_400_000, valueText: "EUR 18.4 million", page: 2 }),
    arRevenueRow: await F(d.ar, { metricKey: "revenue", period: "FY2023", valueNum: 18_400_000, valueText: "18,400", page: 4 }),
    arEbitda: await F(d.ar, { metricKey: "ebitda", period: "FY2023", valueNum: 3_900_000, valueText: "EUR 3.9 million", page: 2 }),
    arEbitdaRow: await F(d.ar, { metricKey: "ebitda", period: "FY2023", valueNum: 3_900_000, valueText: "3,900", page: 4 }),
    arcRevenue: await F(d.arc, { metricKey: "revenue", period: "FY2023", valueNum: 18_400_000, valueText: "EUR 18.4 million", page: 2 }),
    arcRevenueRow: await F(d.arc, { metricKey: "revenue", period: "FY2023", valueNum: 18_400_000, valueText: "18,400", page: 4 }),
    arcEbitda: await F(d.arc, { metricKey: "ebitda", period: "FY2023", valueNum: 3_600_000, valueText: "EUR 3.6 million", page: 2 }),
    arcEbitdaRow: await F(d.arc, { metricKey: "ebitda", period: "FY2023", valueNum: 3_600_000, valueText: "3,600", page: 4 }),
    // Management presentation: FY2023 revenue 18.9 (conflict), Q3 2024 forecast 5.0, Q2 2024 actual 4.8, FY forecasts.
    deckRevenue: await F(d.deck, { metricKey: "revenue", period: "FY2023", valueNum: 18_900_000, valueText: "EUR 18.9 million", page: 4 }),
    deckQ3Forecast: await F(d.deck, { metricKey: "revenue", period: "Q3 2024", valueNum: 5_000_000, valueText: "EUR 5.0 million", page: 5, isForecast: true }),
    deckQ2: await F(d.deck, { metricKey: "revenue", period: "Q2 2024", valueNum: 4_800_000, valueText: "4.8", page: 5 }),
    deckFy2024: await F(d.deck, { metricKey: "revenue", period: "FY2024", valueNum: 20_500_000, valueText: "EUR 20.5 million", page: 6, isForecast: true }),
    deckFy2025: await F(d.deck, { metricKey: "revenue", period: "FY2025", valueNum: 24_000_000, valueText: "EUR 24.0 million", page: 6, isForecast: true }),
    deckHeadcount: await F(d.deck, { metricKey: "headcount", period: "September 2024", valueNum: 155, valueText: "155", page: 2, unit: "count", currency: null }),
    // Quarterly reports.
    q3Revenue: await F(d.q3, { metricKey: "revenue", period: "Q3 2024", valueNum: 5_200_000, valueText: "EUR 5.2 million", page: 1 }),
    q3RevenueRow: await F(d.q3, { metricKey: "revenue", period: "Q3 2024", valueNum: 5_200_000, valueText: "5,200", page: 3 }),
    q3PriorYear: await F(d.q3, { metricKey: "revenue", period: "Q3 2023", valueNum: 4_640_000, valueText: "4,640", page: 3 }),
    q3Q2Column: await F(d.q3, { metricKey: "revenue", period: "Q2 2024", valueNum: 4_800_000, valueText: "4,800", page: 4 }),
    q3Outlook: await F(d.q3, { metricKey: "revenue", period: "FY2024", valueNum: 20_500_000, valueText: "EUR 20.5 million", page: 2, isForecast: true }),
    q3Headcount: await F(d.q3, { metricKey: "headcount", period: "30 September 2024", valueNum: 155, valueText: "155", page: 1, unit: "count", currency: null }),
    q2Revenue: await F(d.q2, { metricKey: "revenue", period: "Q2 2024", valueNum: 4_800_000, valueText: "EUR 4.8 million", page: 1 }),
    // Forecast workbooks (sheets are pages).
    fcRevenue2023: await F(d.fc, { metricKey: "revenue", period: "FY2023", valueNum: 18_400_000, valueText: "18400", page: 2, cell: "'P&L Forecast'!B6" }),
    fcEbitda2023: await F(d.fc, { metricKey: "ebitda", period: "FY2023", valueNum: 3_600_000, valueText: "3600", page: 2, cell: "'P&L Forecast'!B13" }),
    fcFy2024: await F(d.fc, { metricKey: "revenue", period: "FY2024", valueNum: 20_500_000, valueText: "20500", page: 2, isForecast: true }),
    fcFy2025: await F(d.fc, { metricKey: "revenue", period: "FY2025", valueNum: 24_000_000, valueText: "24000", page: 2, isForecast: true }),
    fc2Revenue2023: await F(d.fc2, { metricKey: "revenue", period: "FY2023", valueNum: 18_400_000, valueText: "18400", page: 3 }),
    fc2Fy2024: await F(d.fc2, { metricKey: "revenue", period: "FY2024", valueNum: 20_500_000, valueText: "20500", page: 3, isForecast: true }),
    fc2Fy2025: await F(d.fc2, { metricKey: "revenue", period: "FY2025", valueNum: 23_100_000, valueText: "23100", page: 3, isForecast: true }),
    fc2Q3Actual: await F(d.fc2, { metricKey: "revenue", period: "Q3 2024", valueNum: 5_200_000, valueText: "5200", page: 4 }),
  };
  return { dealId, d, f };
}

export async function relationsOf(db: Queryable, dealId: string) {
  return (
    await db.query<{ id: string; from_id: string; to_id: string; from_kind: string; to_kind: string; relation_type: string; reason: string; created_by: string }>(
      "select id, from_id, to_id, from_kind, to_kind, relation_type, reason, created_by from relations where deal_id = $1",
      [dealId],
    )
  ).rows;
}

/** Is there a relation of this type between a and b (either direction when symmetric)? */
export function hasRelation(rows: Awaited<ReturnType<typeof relationsOf>>, type: string, from: string, to: string, symmetric = false) {
  return rows.some((r) => r.relation_type === type && ((r.from_id === from && r.to_id === to) || (symmetric && r.from_id === to && r.to_id === from)));
}

export async function supersededIds(db: Queryable, dealId: string): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>("select id from findings where deal_id = $1 and superseded", [dealId]);
  return new Set(rows.map((r) => r.id));
}
