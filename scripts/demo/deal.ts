/**
 * The demo deal: its identity and the generator of its data room, loaded on first start by
 * `manda prepare-app` (MANDA_LOAD_DEMO) and by the evals, benches and tests that use it.
 */
import type { Db } from "@/lib/db";
import { ensureSeedDeal, type SeedDeal } from "@/lib/demo/load";
import { generateDemoDataRoom } from "./generate";

export const DEMO_DEAL_SLUG = "demo";

export const DEMO_DEAL: SeedDeal = {
  slug: DEMO_DEAL_SLUG,
  name: "Project Aurora",
  targetCompany: "Nordhavn Analytics AB",
  generate: generateDemoDataRoom,
};

/** Creates the demo deal once (see ensureSeedDeal); later calls find it and do nothing. */
export function ensureDemoDeal(a: { db: Db; dataDir?: string; onProgress?: (message: string) => void }): Promise<{ created: boolean; indexed: number }> {
  return ensureSeedDeal({ ...a, seed: DEMO_DEAL });
}
