/** The sign of a tax line, from the statement's own sum (pre-tax − tax = net income), else its label. */
import { describe, expect, it } from "vitest";
import type { LineItemKey, LineItemValue } from "@/lib/statements/types";
import { labelSign, taxExpenseSign } from "@/lib/metrics/tax-sign";

const line = (key: LineItemKey, value: number, label: string = key): LineItemValue => ({
  key, label, value, period: "FY2022", periodEnd: "2022-12-31", scale: 1e6, documentId: "d", document: "X.pdf", page: 1, excerpt: label,
});
const reader = (lines: LineItemValue[]) => async (k: LineItemKey) => lines.find((l) => l.key === k);

describe("taxExpenseSign", () => {
  it("an expense printed positive", async () => {
    expect(await taxExpenseSign(line("income_tax_expense", 491, "Provision for income taxes"), reader([line("pretax_income", 2397), line("net_income", 1906)]))).toBe(1);
  });

  it("an expense printed as a deduction under a plain label", async () => {
    expect(await taxExpenseSign(line("income_tax_expense", -491, "Provision for income taxes"), reader([line("pretax_income", 2397), line("net_income", 1906)]))).toBe(-1);
  });

  it("a loss-year expense under an '(expense)/benefit' label: pre-tax loss − expense = larger net loss", async () => {
    expect(await taxExpenseSign(line("income_tax_expense", -31, "Income tax (expense)/benefit"), reader([line("pretax_income", -5022), line("net_income_including_nci", -5053)]))).toBe(-1);
  });

  it("a tax benefit printed positive under an '(expense)/benefit' label is a negative expense", async () => {
    expect(await taxExpenseSign(line("income_tax_expense", 743, "Income tax (expense)/benefit"), reader([line("pretax_income", -5033), line("net_income_including_nci", -4290)]))).toBe(-1);
  });

  it("without pre-tax or net income the label decides", async () => {
    expect(await taxExpenseSign(line("income_tax_expense", -31, "Income tax (expense) benefit"), reader([]))).toBe(-1);
    expect(labelSign("Provision for income taxes")).toBe(1);
    expect(labelSign("Benefit (provision) for income taxes")).toBe(-1);
  });
});
