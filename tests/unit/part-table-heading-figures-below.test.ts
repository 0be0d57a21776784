/**
 * A product-revenue table whose row label is printed on a line of its own, a description line
 * under it and the figures on a third line ("Widgetron direct sales and alliance revenues" /
 * "Relief of seasonal symptoms in adults-12" / "4,210 96 —"): the figures are that product's,
 * a nil dash included, and the rows below keep their own labels rather than coming back under
 * the first product's heading. Invented table in the shape product tables print.
 */
import { describe, expect, it } from "vitest";
import { extractPartFindings, type PartFindingPayload } from "@/lib/extraction/findings/parts";

const table = (figures: string) =>
  [
    "Significant Product Revenues",
    "The following provides detailed revenue information for several of our major products:",
    "(MILLIONS) Year Ended December 31,",
    "PRODUCT PRIMARY INDICATION OR CLASS 2024 2023 2022",
    "TOTAL REVENUES $ 9,950 $ 6,120 $ 5,480",
    "Core Care $ 7,300 $ 3,500 $ 2,900",
    "Widgetron direct sales and alliance revenues",
    "Relief of seasonal symptoms in adults-12",
    figures,
    "Gizmovax Prevention of mild infections 512 640 702",
    "Sprocketine family Chronic joint pain 488 410 395",
    "All other Core Care Various 144 151 160",
  ].join("\n");

function rows(text: string) {
  const byRow = new Map<number, { label: string; context: string[]; values: Record<string, string> }>();
  for (const c of extractPartFindings({ pageNumber: 7, text } as never, { fiscalYear: 2024 })) {
    const p = (c.payload as PartFindingPayload).part;
    const r = byRow.get(p.rowIndex) ?? { label: p.label, context: p.context, values: {} };
    r.values[c.payload.period ?? ""] = p.columns.find((x) => x.period === c.payload.period)!.value;
    byRow.set(p.rowIndex, r);
  }
  return [...byRow.values()];
}

describe("a row label printed over its own lines, figures on the line below", () => {
  it("reads the figures, a nil dash among them, as the heading's row", () => {
    const got = rows(table("4,210 96 —"));
    const widget = got.find((r) => r.label.startsWith("Widgetron"));
    expect(widget?.values).toMatchObject({ FY2024: "4,210", FY2023: "96" });
    expect(widget?.values.FY2022).toBeUndefined();
  });

  it("keeps the rows below under their own labels, not the heading above them", () => {
    for (const figures of ["4,210 96 —", "4,210 96 — 12", "4,210 96"]) {
      const got = rows(table(figures));
      const gizmo = got.find((r) => r.label.startsWith("Gizmovax"));
      expect(gizmo?.values.FY2024).toBe("512");
      for (const r of got.filter((x) => !x.label.startsWith("Widgetron"))) expect(r.context.join(" ")).not.toMatch(/Widgetron/);
      // no row other than the product's own carries its heading as its label
      expect(got.filter((r) => r.label.startsWith("Widgetron")).every((r) => !["512", "488", "144"].includes(r.values.FY2024 ?? ""))).toBe(true);
    }
  });
});
