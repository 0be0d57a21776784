/**
 * The demo company's numbers, EUR thousands unless stated. Costs are positive.
 * Quarterly figures are the base; statements and totals are derived in figures.ts
 * and a unit test checks the headline facts against these sums.
 */

export type QuarterKey = "Q1 2023" | "Q2 2023" | "Q3 2023" | "Q4 2023" | "Q1 2024" | "Q2 2024" | "Q3 2024";

export interface QuarterFigures {
  subscription: number;
  hardwareServices: number;
  costOfRevenue: number;
  salesMarketing: number;
  researchDevelopment: number;
  generalAdmin: number;
  /** One-time restructuring charge, presented below EBITDA as an item affecting comparability. */
  restructuring: number;
  depreciationAmortisation: number;
  netFinancialCost: number;
  incomeTax: number;
  operatingCashFlow: number;
  capex: number;
  loanRepayment: number;
  leasePayments: number;
  /** Employees at the end of the quarter. */
  headcountEnd: number;
}

const q = (f: QuarterFigures): QuarterFigures => f;

export const QUARTERS: Readonly<Record<QuarterKey, QuarterFigures>> = {
  "Q1 2023": q({ subscription: 3400, hardwareServices: 800, costOfRevenue: 2310, salesMarketing: 560, researchDevelopment: 270, generalAdmin: 310, restructuring: 0, depreciationAmortisation: 290, netFinancialCost: 70, incomeTax: 80, operatingCashFlow: 600, capex: 420, loanRepayment: 250, leasePayments: 120, headcountEnd: 128 }),
  "Q2 2023": q({ subscription: 3540, hardwareServices: 860, costOfRevenue: 2420, salesMarketing: 555, researchDevelopment: 265, generalAdmin: 310, restructuring: 0, depreciationAmortisation: 295, netFinancialCost: 65, incomeTax: 101, operatingCashFlow: 720, capex: 440, loanRepayment: 250, leasePayments: 120, headcountEnd: 133 }),
  "Q3 2023": q({ subscription: 3720, hardwareServices: 920, costOfRevenue: 2552, salesMarketing: 540, researchDevelopment: 258, generalAdmin: 290, restructuring: 0, depreciationAmortisation: 305, netFinancialCost: 65, incomeTax: 130, operatingCashFlow: 900, capex: 450, loanRepayment: 250, leasePayments: 120, headcountEnd: 138 }),
  "Q4 2023": q({ subscription: 3980, hardwareServices: 1180, costOfRevenue: 2838, salesMarketing: 645, researchDevelopment: 307, generalAdmin: 370, restructuring: 0, depreciationAmortisation: 310, netFinancialCost: 60, incomeTax: 129, operatingCashFlow: 980, capex: 490, loanRepayment: 250, leasePayments: 120, headcountEnd: 142 }),
  "Q1 2024": q({ subscription: 3700, hardwareServices: 800, costOfRevenue: 2475, salesMarketing: 555, researchDevelopment: 265, generalAdmin: 305, restructuring: 0, depreciationAmortisation: 310, netFinancialCost: 58, incomeTax: 110, operatingCashFlow: 700, capex: 450, loanRepayment: 250, leasePayments: 120, headcountEnd: 151 }),
  "Q2 2024": q({ subscription: 3950, hardwareServices: 850, costOfRevenue: 2688, salesMarketing: 545, researchDevelopment: 262, generalAdmin: 305, restructuring: 300, depreciationAmortisation: 315, netFinancialCost: 55, incomeTax: 68, operatingCashFlow: 650, capex: 430, loanRepayment: 250, leasePayments: 120, headcountEnd: 147 }),
  "Q3 2024": q({ subscription: 4300, hardwareServices: 900, costOfRevenue: 3016, salesMarketing: 480, researchDevelopment: 240, generalAdmin: 264, restructuring: 0, depreciationAmortisation: 320, netFinancialCost: 52, incomeTax: 171, operatingCashFlow: 1050, capex: 470, loanRepayment: 250, leasePayments: 120, headcountEnd: 155 }),
};

/** Balances at 31 December 2022 that the quarterly cash roll-forward starts from. */
export const OPENING_BALANCES_2023 = { cash: 4180, borrowings: 5000 } as const;

/**
 * FY2023 audited statements. The original report (15 March 2024) presented EUR 300k of
 * recurring relocation and system-migration costs as an item affecting comparability below
 * EBITDA; the corrected report (22 May 2024) moves them into G&A. EBIT and below are unchanged.
 */
export const ANNUAL_2023 = {
  original: { generalAdmin: 980, itemsAffectingComparability: 300, ebitda: 3900 },
  corrected: { generalAdmin: 1280, itemsAffectingComparability: 0, ebitda: 3600 },
  capexDevelopment: 1400,
  capexEquipment: 400,
  otherNonCashItems: 60,
  incomeTaxPaid: 380,
  changeTradeReceivables: -520,
  changeOtherReceivables: -90,
  changePayablesAndOther: 790,
  employeesAverage: 136,
  /** Prior-year figures that the reports mention in prose only. */
  revenue2022: 16300,
  borrowings2022: 5000,
  balanceSheet: {
    intangibleAssets: 6200,
    propertyPlantEquipment: 1100,
    rightOfUseAssets: 1800,
    deferredTaxAssets: 300,
    tradeReceivables: 3900,
    prepaidAndAccrued: 800,
    otherReceivables: 400,
    cash: 4100,
    shareCapital: 50,
    otherContributedCapital: 6450,
    retainedEarnings: 2600,
    borrowingsNonCurrent: 3000,
    leaseLiabilitiesNonCurrent: 1300,
    borrowingsCurrent: 1000,
    leaseLiabilitiesCurrent: 500,
    tradePayables: 1400,
    deferredRevenue: 1700,
    accruedExpenses: 600,
  },
} as const;

/** Management presentation (3 October 2024), EUR million. FY2023 18.9 contradicts the audited 18.4. */
export const DECK_FIGURES = {
  revenueHistory: { FY2021: 13.1, FY2022: 16.3, FY2023: 18.9 },
  grossMarginHistory: { FY2021: 47, FY2022: 46, FY2023: 45 },
  revenue2024: { "Q1 2024A": 4.5, "Q2 2024A": 4.8, "Q3 2024F": 5.0, "Q4 2024F": 6.2, FY2024F: 20.5 },
  fy2025RevenueForecast: 24.0,
  customers: 312,
  countries: 14,
  arrMillions: 17.6,
  netRevenueRetention: 109,
  headcount: 155,
} as const;

/** Forecast workbooks, EUR thousands (percentages as fractions). */
export const FORECASTS = {
  v1: {
    subscription: { FY2024F: 16450, FY2025F: 19900 },
    hardwareServices: { FY2024F: 4050, FY2025F: 4100 },
  },
  v2: {
    subscription: { FY2024F: 16450, FY2025F: 19300 },
    hardwareServices: { FY2024F: 4050, FY2025F: 3800 },
    q4Revenue2024: 6000,
  },
  grossMargin: { FY2024F: 0.43, FY2025F: 0.45 },
  salesMarketingPct: { FY2024F: 0.115, FY2025F: 0.11 },
  researchDevelopmentPct: { FY2024F: 0.055, FY2025F: 0.055 },
  generalAdminPct: { FY2024F: 0.06, FY2025F: 0.055 },
  headcountYearEnd: { FY2024F: 162, FY2025F: 180 },
} as const;

export interface Shareholder {
  name: string;
  role: string;
  shareClass: string;
  shares: number;
}

/** Cap table at 30 September 2024, fully diluted, 10,000,000 shares. */
export const SHAREHOLDERS: readonly Shareholder[] = [
  { name: "Erik Lindqvist", role: "Co-founder, Chair of the Board", shareClass: "Ordinary", shares: 2_200_000 },
  { name: "Sofia Berg", role: "Co-founder, board member", shareClass: "Ordinary", shares: 1_800_000 },
  { name: "Jane Smith", role: "Chief Executive Officer", shareClass: "Ordinary", shares: 1_500_000 },
  { name: "Northstar Growth Fund II SCSp", role: "Investor", shareClass: "Preference A", shares: 3_000_000 },
  { name: "Angel investors (4 individuals)", role: "Investors", shareClass: "Ordinary", shares: 500_000 },
  { name: "John Doe", role: "Chief Financial Officer", shareClass: "–", shares: 0 },
  { name: "Employee option pool (ESOP 2021)", role: "Reserved; 620,000 options granted", shareClass: "Options", shares: 1_000_000 },
];

export const FINANCIALS = {
  quarters: QUARTERS,
  opening2023: OPENING_BALANCES_2023,
  annual2023: ANNUAL_2023,
  deck: DECK_FIGURES,
  forecasts: FORECASTS,
  shareholders: SHAREHOLDERS,
} as const;
