/** Cap_Table.xlsx and IRL_Template.xlsx. */
import { DEMO_COMPANY, DEMO_DEAL, IRL_ITEMS, demoDocument, documentTimestamp } from "./facts";
import { SHAREHOLDERS } from "./facts-financials";
import { createWorkbook, formula, styleHeaderRow, styleNote, styleTitle, styleTotalRow, workbookBytes } from "./xlsx";

/** Sheet "Cap Table": header on row 4, shareholders from row 5, totals on the row after them (row 12). */
export async function buildCapTable(): Promise<Uint8Array> {
  const file = "Cap_Table.xlsx";
  const date = documentTimestamp(file);
  const wb = createWorkbook({ title: "Capitalisation table", subject: `${DEMO_COMPANY.name} cap table`, creator: "John Doe", company: DEMO_COMPANY.name, date });
  const ws = wb.addWorksheet("Cap Table");
  styleTitle(ws, "A1", `${DEMO_COMPANY.name} – Capitalisation table`);
  styleNote(ws, "A2", `As of ${demoDocument(file).dateText} (fully diluted)`);
  ws.getRow(4).values = ["Shareholder", "Role", "Share class", "Shares", "% fully diluted"];
  styleHeaderRow(ws.getRow(4));
  const first = 5;
  const last = first + SHAREHOLDERS.length - 1;
  const totalRow = last + 1;
  const total = SHAREHOLDERS.reduce((s, h) => s + h.shares, 0);
  SHAREHOLDERS.forEach((h, i) => {
    const r = first + i;
    ws.getRow(r).values = [h.name, h.role, h.shareClass, h.shares];
    ws.getCell(`E${r}`).value = formula(`D${r}/$D$${totalRow}`, h.shares / total);
  });
  ws.getRow(totalRow).values = ["Total", "", "", formula(`SUM(D${first}:D${last})`, total), formula(`SUM(E${first}:E${last})`, 1)];
  styleTotalRow(ws.getRow(totalRow));
  for (let r = first; r <= totalRow; r++) {
    ws.getCell(`D${r}`).numFmt = "#,##0";
    ws.getCell(`E${r}`).numFmt = "0.0%";
  }
  styleNote(ws, `A${totalRow + 2}`, "Preference A shares carry a 1x non-participating liquidation preference. Options under ESOP 2021 have an exercise price of EUR 2.10.");
  styleNote(ws, `A${totalRow + 3}`, "John Doe (CFO) holds no shares or options at the date of this table.");
  ws.columns = [{ width: 36 }, { width: 34 }, { width: 14 }, { width: 14 }, { width: 16 }];
  return workbookBytes(wb, date);
}

/** Sheet "IRL": columns Domain, Item, Priority, Notes; header on row 4, items from row 5. */
export async function buildIrl(): Promise<Uint8Array> {
  const file = "IRL_Template.xlsx";
  const date = documentTimestamp(file);
  const wb = createWorkbook({ title: `${DEMO_DEAL.name} – Information Request List`, subject: "Information request list", creator: DEMO_DEAL.buyer, company: DEMO_DEAL.buyer, date });
  const ws = wb.addWorksheet("IRL");
  styleTitle(ws, "A1", `${DEMO_DEAL.name} – Information Request List`);
  styleNote(ws, "A2", `Issued by ${DEMO_DEAL.buyer} to ${DEMO_COMPANY.name} on ${demoDocument(file).dateText}`);
  ws.getRow(4).values = ["Domain", "Item", "Priority", "Notes"];
  styleHeaderRow(ws.getRow(4));
  for (const item of IRL_ITEMS) {
    ws.getRow(item.row).values = [item.domain, item.item, item.priority, item.notes];
    ws.getCell(`B${item.row}`).alignment = { wrapText: true, vertical: "top" };
  }
  ws.columns = [{ width: 14 }, { width: 70 }, { width: 10 }, { width: 40 }];
  ws.autoFilter = `A4:D${IRL_ITEMS[IRL_ITEMS.length - 1].row}`;
  ws.views = [{ state: "frozen", ySplit: 4 }];
  return workbookBytes(wb, date);
}
