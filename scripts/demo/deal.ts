/**
 * The demo deal: its identity, written with its generated data room into the shipped demo/
 * folder (demo/deal.json, by generate.ts), and loaded from there on first start by
 * `manda prepare-app` (MANDA_LOAD_DEMO) and by the evals, benches and tests that use it.
 */
import type { Db } from "@/lib/db";
import { ensureShippedDemoDeal, type SeedManifest } from "@/lib/demo/load";
import { DEMO_COMPANY, DEMO_DEAL } from "./facts";

export const DEMO_DEAL_SLUG = "demo";

/** What demo/deal.json says about the deal, besides its files. */
export const DEMO_DEAL_IDENTITY: Omit<SeedManifest, "files"> = {
  slug: DEMO_DEAL_SLUG,
  name: DEMO_DEAL.name,
  targetCompany: DEMO_COMPANY.name,
};

/** Creates the demo deal once from the shipped files (see ensureSeedDeal); later calls find it and do nothing. */
export function ensureDemoDeal(a: { db: Db; dataDir?: string; onProgress?: (message: string) => void }): Promise<{ created: boolean; indexed: number }> {
  return ensureShippedDemoDeal(a);
}
