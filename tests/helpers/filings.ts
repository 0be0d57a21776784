/** Made-up 10-K text filings: a cover page and the three statements, for tests that need statement lines read by the real extraction. */
export const cover = (registrant: string, ticker: string, fileNumber: string) =>
  [
    "UNITED STATES", "SECURITIES AND EXCHANGE COMMISSION", "FORM 10-K", "For the fiscal year ended December 31, 2023", `Commission File Number ${fileNumber}`, "",
    registrant, "(Exact name of registrant as specified in its charter)",
    "Title of each class Trading Symbol(s) Name of each exchange on which registered", `Common Stock ${ticker} New York Stock Exchange`,
  ].join("\n");

/** A made-up company's three statements; `k` scales every figure so the two companies differ. */
export function statements(name: string, k: number): string[] {
  const n = (v: number) => (v * k).toLocaleString("en-US");
  const p = (v: number) => `(${n(v)})`;
  const income = [
    `${name} and Subsidiaries`, "Consolidated Statements of Income", "(In millions, except per share data)", "Years Ended December 31, 2023 2022 2021",
    `Net sales $ ${n(1000)} $ ${n(800)} $ ${n(700)}`, `Cost of sales ${n(600)} ${n(500)} ${n(450)}`, `Gross profit ${n(400)} ${n(300)} ${n(250)}`,
    `Selling, general and administrative expenses ${n(150)} ${n(120)} ${n(110)}`, `Research and development expenses ${n(50)} ${n(40)} ${n(30)}`,
    `Operating income ${n(200)} ${n(140)} ${n(110)}`, `Interest expense ${n(20)} ${n(20)} ${n(10)}`, `Income before income taxes ${n(180)} ${n(120)} ${n(100)}`,
    `Provision for income taxes ${n(40)} ${n(30)} ${n(20)}`, `Net income $ ${n(140)} $ ${n(90)} $ ${n(80)}`,
    "See accompanying Notes to Consolidated Financial Statements.",
  ].join("\n");
  const balance = [
    `${name} and Subsidiaries`, "Consolidated Balance Sheets", "(In millions)", "December 31, 2023 2022",
    "Assets", `Cash and cash equivalents $ ${n(300)} $ ${n(250)}`, `Accounts receivable, net ${n(200)} ${n(180)}`, `Inventories ${n(150)} ${n(120)}`,
    `Total current assets ${n(650)} ${n(550)}`, `Property, plant and equipment, net ${n(500)} ${n(450)}`, `Total assets $ ${n(1150)} $ ${n(1000)}`,
    "Liabilities and Stockholders' Equity", `Accounts payable $ ${n(100)} $ ${n(90)}`, `Accrued liabilities ${n(150)} ${n(110)}`,
    `Total current liabilities ${n(250)} ${n(200)}`, `Long-term debt ${n(300)} ${n(320)}`, `Total liabilities ${n(550)} ${n(520)}`,
    `Total stockholders' equity ${n(600)} ${n(480)}`, `Total liabilities and stockholders' equity $ ${n(1150)} $ ${n(1000)}`,
    "See accompanying Notes to Consolidated Financial Statements.",
  ].join("\n");
  const cash = [
    `${name} and Subsidiaries`, "Consolidated Statements of Cash Flows", "(In millions)", "Years Ended December 31, 2023 2022 2021",
    "Operating activities", `Net income $ ${n(140)} $ ${n(90)} $ ${n(80)}`, `Depreciation and amortization ${n(60)} ${n(50)} ${n(40)}`,
    `Net cash provided by operating activities ${n(200)} ${n(140)} ${n(120)}`, "Investing activities",
    `Purchases of property, plant and equipment ${p(110)} ${p(90)} ${p(70)}`, `Net cash used in investing activities ${p(110)} ${p(90)} ${p(70)}`,
    "Financing activities", `Repayment of long-term debt ${p(20)} ${p(10)} ${p(10)}`, `Dividends paid ${p(20)} ${p(10)} ${p(10)}`,
    `Net cash used in financing activities ${p(40)} ${p(20)} ${p(20)}`, `Net increase in cash and cash equivalents ${n(50)} ${n(30)} ${n(30)}`,
    `Cash and cash equivalents at beginning of year ${n(250)} ${n(220)} ${n(190)}`, `Cash and cash equivalents at end of year $ ${n(300)} $ ${n(250)} $ ${n(220)}`,
    "See accompanying Notes to Consolidated Financial Statements.",
  ].join("\n");
  return [income, balance, cash];
}

