/**
 * The auditor is cited from the page that carries the report's signature ("/s/ Firm LLP" with
 * "We have served as the Company's auditor since …"), not from the table of contents that names
 * the report (and the firm) with a page number, nor from the consent filed as an exhibit.
 * Pages are shaped as 10-K text layers print them: the report's heading on one page, its
 * signature on the next; a text layer that lost its "ti" ligatures ("Accoun ng Firm").
 */
import { describe, expect, it } from "vitest";
import { readAuditor } from "@/lib/extraction/entities/filing-facts";
import type { ExtractionPage } from "@/lib/extraction/types";

const contents: ExtractionPage = {
  pageNumber: 52,
  text: [
    "Table of Contents", "ITEM 8. FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA", "INDEX TO CONSOLIDATED FINANCIAL STATEMENTS", "Page No.",
    "Consolidated Balance Sheets 54", "Consolidated Statements of Income 55", "Consolidated Statements of Comprehensive Income 56",
    "Consolidated Statements of Stockholders' Equity 57", "Consolidated Statements of Cash Flows 58", "Notes to Consolidated Financial Statements 59",
    "Report of Independent Registered Public Accounting Firm (Harrow & Vale LLP, Denver, Colorado, PCAOB ID 999) 90",
  ].join("\n"),
};
const reportOpens: ExtractionPage = {
  pageNumber: 90,
  text: [
    "REPORT OF INDEPENDENT REGISTERED PUBLIC ACCOUNTING FIRM", "To the Stockholders and Board of Directors", "Opinions on the Consolidated Financial Statements and Internal Control Over Financial Reporting",
    "We have audited the accompanying consolidated balance sheets of the Company as of December 2, 2023. In our opinion, the consolidated financial statements present fairly, in all material respects, the financial position of the Company.",
  ].join("\n"),
};
const reportSigned: ExtractionPage = {
  pageNumber: 91,
  text: [
    "Critical Audit Matter", "We identified the evaluation of standalone selling prices as a critical audit matter.",
    "/s/ Harrow & Vale LLP", "We have served as the Company’s auditor since 1983.", "Denver, Colorado", "January 17, 2024", "91",
  ].join("\n"),
};
const consent: ExtractionPage = {
  pageNumber: 140,
  text: [
    "Consent of Independent Registered Public Accounting Firm",
    "We hereby consent to the incorporation by reference in the Registration Statements on Form S-8 of our report dated January 17, 2024 relating to the financial statements, which appears in this Form 10-K.",
    "/s/ Harrow & Vale LLP", "Denver, Colorado", "January 17, 2024",
  ].join("\n"),
};

describe("the auditor is cited from the report's signature page", () => {
  it("prefers the page signing the report over the contents line that names the firm", () => {
    expect(readAuditor([contents, reportOpens, reportSigned])).toMatchObject({ name: "Harrow & Vale LLP", page: 91 });
  });

  it("prefers the report's signature, printed a page after its heading, over the consent filed as an exhibit", () => {
    expect(readAuditor([contents, reportOpens, reportSigned, consent])).toMatchObject({ name: "Harrow & Vale LLP", page: 91 });
  });

  it("finds the signature where the text layer lost the 'ti' of 'Accounting' in the report's heading", () => {
    const lost = (p: ExtractionPage) => ({ ...p, text: p.text.replace(/ti/g, " ") });
    expect(readAuditor([lost(contents), lost(reportOpens), lost(reportSigned), lost(consent)])).toMatchObject({ name: "Harrow & Vale LLP", page: 91 });
  });

  it("still reads the consent when no report page is signed in the text (a signature printed as an image)", () => {
    const unsigned = { ...reportSigned, text: reportSigned.text.replace("/s/ Harrow & Vale LLP\n", "") };
    expect(readAuditor([contents, reportOpens, unsigned, consent])).toMatchObject({ name: "Harrow & Vale LLP", page: 140 });
  });

  it("reads the firm the company names as its auditor when the report's signature is an image and no consent is filed", () => {
    const unsigned = { ...reportSigned, text: reportSigned.text.replace("/s/ Harrow & Vale LLP\n", "") };
    const management: ExtractionPage = {
      pageNumber: 89,
      text: [
        "Management's Report on Internal Control over Financial Reporting",
        "The accompanying consolidated financial statements have been audited by Harrow & Vale LLP, an independent registered public accounting firm, which",
        "conducted its audits in accordance with the standards of the Public Company Accounting Oversight Board (United States).",
      ].join("\n"),
    };
    expect(readAuditor([contents, management, reportOpens, unsigned])).toMatchObject({ name: "Harrow & Vale LLP", page: 89 });
  });

  it("never reads the firm from a table of contents", () => {
    expect(readAuditor([contents])).toBeUndefined();
  });
});
