/** Customer_List_Q3_2024.csv: top 10 customers by Q3 2024 revenue, the rest, and a total. */
import { CUSTOMERS, CUSTOMER_CSV_HEADER } from "./facts-customers";
import { DECK_FIGURES } from "./facts-financials";
import { totals } from "./figures";

const DEMO_DECK_CUSTOMERS = DECK_FIGURES.customers;
const QUARTER_REVENUE_Q3_2024 = totals(["Q3 2024"]).revenue;

const AS_OF = "2024-09-30";

/** RFC 4180 field quoting. */
export function csvField(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const csvLine = (fields: readonly (string | number)[]) => fields.map(csvField).join(",");

/** The CSV's lines without line terminators (line 1 is the header). */
export function customerCsvLines(): string[] {
  const top = CUSTOMERS.reduce((s, c) => s + c.revenueQ3, 0);
  const other = QUARTER_REVENUE_Q3_2024 - top;
  const pct = (v: number) => `${((v / QUARTER_REVENUE_Q3_2024) * 100).toFixed(1)}%`;
  for (const c of CUSTOMERS) {
    if (pct(c.revenueQ3) !== `${c.share.toFixed(1)}%`) throw new Error(`Customer share of ${c.name} does not match its revenue`);
  }
  return [
    csvLine(CUSTOMER_CSV_HEADER),
    ...CUSTOMERS.map((c) => csvLine([c.rank, c.name, c.country, c.segment, c.revenueQ3, pct(c.revenueQ3), c.customerSince, AS_OF])),
    csvLine(["", `Other customers (${DEMO_DECK_CUSTOMERS - CUSTOMERS.length})`, "", "", other, pct(other), "", AS_OF]),
    csvLine(["", `Total (${DEMO_DECK_CUSTOMERS} customers)`, "", "", QUARTER_REVENUE_Q3_2024, "100.0%", "", AS_OF]),
  ];
}

export function buildCustomerCsv(lines: readonly string[]): Uint8Array {
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}
