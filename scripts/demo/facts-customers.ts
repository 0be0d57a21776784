/** Top customers by Q3 2024 revenue (Customer_List_Q3_2024.csv). EUR thousands. */
import type { Customer } from "./facts-types";

export const CUSTOMER_CSV_HEADER = [
  "Rank",
  "Customer",
  "Country",
  "Segment",
  "Q3 2024 revenue (EUR thousands)",
  "Share of Q3 2024 revenue",
  "Customer since",
  "As of",
] as const;

export const CUSTOMERS: readonly Customer[] = [
  { rank: 1, name: "Vestra Logistics A/S", country: "Denmark", segment: "Logistics", revenueQ3: 390, share: 7.5, customerSince: 2017 },
  { rank: 2, name: "Baltic Freight Systems AB", country: "Sweden", segment: "Logistics", revenueQ3: 312, share: 6.0, customerSince: 2018 },
  { rank: 3, name: "Rhein Industrial Services GmbH", country: "Germany", segment: "Manufacturing", revenueQ3: 260, share: 5.0, customerSince: 2020 },
  { rank: 4, name: "Nordic Pulp & Board Oy", country: "Finland", segment: "Process industry", revenueQ3: 208, share: 4.0, customerSince: 2019 },
  { rank: 5, name: "Fjelltopp Maritime AS", country: "Norway", segment: "Maritime", revenueQ3: 182, share: 3.5, customerSince: 2021 },
  { rank: 6, name: "Gota Precision AB", country: "Sweden", segment: "Manufacturing", revenueQ3: 156, share: 3.0, customerSince: 2016 },
  { rank: 7, name: "Lumen Cold Chain BV", country: "Netherlands", segment: "Food distribution", revenueQ3: 130, share: 2.5, customerSince: 2022 },
  { rank: 8, name: "Oresund Energy Services A/S", country: "Denmark", segment: "Energy", revenueQ3: 114, share: 2.2, customerSince: 2020 },
  { rank: 9, name: "Polar Foods Distribution AB", country: "Sweden", segment: "Food distribution", revenueQ3: 104, share: 2.0, customerSince: 2019 },
  { rank: 10, name: "Kestrel Packaging Ltd", country: "United Kingdom", segment: "Manufacturing", revenueQ3: 94, share: 1.8, customerSince: 2023 },
];
