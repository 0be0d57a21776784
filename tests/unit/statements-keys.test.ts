import { describe, expect, it } from "vitest";
import { keyOf } from "@/lib/statements/keys";
import { normalLabel } from "@/lib/statements/text";
import { readAmount, trailingValues } from "@/lib/statements/values";

const key = (kind: "income" | "balance" | "cash_flow", label: string, section = "") => keyOf(kind, normalLabel(label), normalLabel(section));

describe("statement line items", () => {
  it("maps the ways filings word capital expenditure", () => {
    for (const l of ["Purchases of property, plant and equipment", "Capital expenditures", "Payments for acquisition of property and equipment", "Purchases of property and equipment, including internal-use software", "Additions to property and equipment", "Payments to acquire property, plant and equipment", "Property, plant and equipment additions"]) {
      expect(key("cash_flow", l), l).toBe("capital_expenditure");
    }
    expect(key("cash_flow", "Proceeds from sale of property, plant and equipment")).toBeUndefined();
  });

  it("maps dividends paid to common holders, with or without preferred, but not preferred or minority dividends alone", () => {
    for (const label of ["Dividends — common and preferred", "Dividends - common", "Cash dividends paid", "Dividends paid to stockholders", "Payments of dividends", "Payments for dividends"]) expect(key("cash_flow", label, "Cash provided (used) by financing activities:"), label).toBe("dividends_paid");
    for (const label of ["Preferred dividends paid", "Dividends paid to noncontrolling interests"]) expect(key("cash_flow", label, "Cash provided (used) by financing activities:"), label).toBeUndefined();
  });

  it("maps share repurchases worded as shares repurchased, and selling and administrative expense with no \"general\"", () => {
    for (const l of ["Common shares repurchased", "Shares repurchased", "Common stock repurchased", "Treasury shares acquired", "Purchases of treasury stock"]) expect(key("cash_flow", l, "Cash flows - financing activities:"), l).toBe("share_repurchases");
    for (const l of ["Total selling and administrative expense", "Selling and administrative expenses", "Selling, general and administrative expenses"]) expect(key("income", l), l).toBe("sga");
    expect(key("income", "Selling and administrative expenses of discontinued operations")).toBeUndefined();
  });

  it("reads long-term debt classified as current as debt due within the year, not long-term debt", () => {
    for (const l of ["Long-term debt, classified as current", "Long-term debt classified as current", "Long-term debt, current"]) expect(key("balance", l, "Current Liabilities"), l).toBe("short_term_debt");
    expect(key("balance", "Long-term debt", "Noncurrent Liabilities")).toBe("long_term_debt");
    expect(key("balance", "Long-term debt, net of current portion", "Noncurrent Liabilities")).toBe("long_term_debt");
  });

  it("reads a line qualified by a trailing \", net\" as the line itself", () => {
    for (const l of ["Research and development expense, net", "Research and development, net", "Research & development expenses, net"]) expect(key("income", l), l).toBe("research_development");
    expect(key("income", "Selling, general and administrative expense, net")).toBe("sga");
    expect(key("balance", "Goodwill, net")).toBe("goodwill");
    expect(key("income", "Other income (expense), net")).toBeUndefined();
  });

  it("maps revenue and cost of revenue without confusing them", () => {
    for (const l of ["Net sales", "Total net revenue", "Revenues", "Total revenues", "Revenue"]) expect(key("income", l), l).toBe("revenue");
    for (const l of ["Cost of sales", "Cost of revenue", "Cost of goods sold", "Total cost of revenue", "Cost of products", "Cost of services"]) expect(key("income", l), l).toBe("cost_of_revenue");
    expect(key("balance", "Deferred revenue")).toBeUndefined();
  });

  it("tells net income, its per-share lines and share counts apart", () => {
    expect(key("income", "Net income attributable to Example Inc.")).toBe("net_income");
    expect(key("income", "Net income attributable to noncontrolling interests")).toBeUndefined();
    expect(key("income", "Net income including noncontrolling interest")).toBe("net_income_including_nci");
    expect(key("income", "Net income per share — diluted")).toBe("eps_diluted");
    expect(key("income", "Diluted net income per share")).toBe("eps_diluted");
    expect(key("income", "Basic", "Earnings per share:")).toBe("eps_basic");
    expect(key("income", "Diluted", "Weighted-average shares outstanding:")).toBe("shares_diluted");
    expect(key("income", "Dividends declared per share")).toBeUndefined();
    expect(key("income", "Income before income taxes")).toBe("pretax_income");
    expect(key("income", "Provision for income taxes")).toBe("income_tax_expense");
    for (const l of ["Income tax benefit (provision)", "(Provision for) benefit from income taxes", "Provision/(benefit) for taxes on income", "Income tax (expense)/benefit"]) expect(key("income", l), l).toBe("income_tax_expense");
    expect(key("income", "Shares used to compute diluted net income per share")).toBe("shares_diluted");
    expect(key("income", "Diluted", "Shares used in computing earnings per share:")).toBe("shares_diluted");
  });

  it("maps the debt a balance sheet shows due within the year, however it is worded", () => {
    expect(key("balance", "Debt maturing within one year")).toBe("short_term_debt");
    expect(key("balance", "Notes payable and other borrowings, current")).toBe("short_term_debt");
    expect(key("balance", "Current borrowings")).toBe("short_term_debt");
    expect(keyOf("balance", "term debt", "current liabilities")).toBe("short_term_debt");
    expect(keyOf("balance", "term debt", "non-current liabilities")).not.toBe("short_term_debt");
    expect(key("balance", "Notes payable and other borrowings, non-current")).not.toBe("short_term_debt");
  });

  it("maps balance-sheet totals and equity", () => {
    expect(key("balance", "Total stockholders’ equity")).toBe("total_equity");
    expect(key("balance", "Total shareholders' equity")).toBe("total_equity");
    expect(key("balance", "Total Example Company shareholders’ equity")).toBe("total_equity");
    expect(key("balance", "Total equity")).toBe("total_equity_including_nci");
    expect(key("balance", "Total liabilities and stockholders’ equity")).toBe("total_liabilities_and_equity");
    expect(key("balance", "Total liabilities")).toBe("total_liabilities");
    expect(key("balance", "Property and equipment, net")).toBe("ppe_net");
    expect(key("balance", "Less: Accumulated depreciation")).toBeUndefined();
  });

  it("maps the cash-flow section totals and cash balances", () => {
    expect(key("cash_flow", "Net cash used in investing activities")).toBe("investing_cash_flow");
    expect(key("cash_flow", "Net cash provided by (used in) operating activities")).toBe("operating_cash_flow");
    expect(key("cash_flow", "Net cash provided by (used in) discontinued operating activities")).toBeUndefined();
    expect(key("cash_flow", "Cash provided (used) by operations")).toBe("operating_cash_flow");
    expect(key("cash_flow", "Total cash provided by operating activities")).toBe("operating_cash_flow");
    expect(key("cash_flow", "Cash flows from operating activities")).toBeUndefined();
    expect(key("cash_flow", "Net increase (decrease) in cash and cash equivalents")).toBe("net_change_in_cash");
    expect(key("cash_flow", "End of period", "Cash and cash equivalents:")).toBe("cash_end");
    expect(key("cash_flow", "Cash, cash equivalents and restricted cash, beginning balances")).toBe("cash_beginning");
  });
});

describe("statement amounts", () => {
  it("reads parentheses, dashes, dollar signs and footnote-free amounts", () => {
    expect(readAmount("(1,577)")).toBe(-1577);
    expect(readAmount("—")).toBeNull();
    expect(readAmount("$5,363")).toBe(5363);
    expect(readAmount("abc")).toBeUndefined();
    expect(readAmount("($5,053)")).toBe(-5053);
    const { tokens, labelEnd } = trailingValues("Other — net 9 (6) (4)");
    expect(tokens.map((t) => t.value)).toEqual([9, -6, -4]);
    expect("Other — net 9 (6) (4)".slice(0, labelEnd)).toBe("Other — net");
  });

  it("trims dot leaders in linear time", () => {
    const leaders = ". ".repeat(3000);
    expect(normalLabel(`Total assets ${leaders}`)).toBe("total assets");
    expect(normalLabel(`Total assets ${leaders}x`)).toContain("total assets");
  });

  it("strips footnote marks from labels", () => {
    expect(normalLabel("Cloud services and license support (1)")).toBe("cloud services and license support");
    expect(normalLabel("Net revenues (a)(b)")).toBe("net revenues");
  });
});
