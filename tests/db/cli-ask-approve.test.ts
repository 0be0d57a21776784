/**
 * `manda ask` and writes: the agent's write (here: a question for the Q&A list) is made only with
 * --approve; without it the answer says it waits for approval and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import type { Db } from "@/lib/db";
import { askCommand } from "@/lib/cli/ask";
import { listQaItems } from "@/lib/irl/qa";
import { openTestDb } from "../helpers/db";
import { seedDeal } from "./agent-fixtures";

setConfigForProcess({ MANDA_LOG_LEVEL: "silent", OPENAI_API_KEY: "", OPENAI_BASE_URL: "", SUPABASE_URL: "" });
const g = globalThis as unknown as { __mandaDb?: Promise<Db> };

let db: Db;
let cleanup: () => Promise<void>;
let deal: { id: string; slug: string };

beforeAll(async () => {
  ({ db, cleanup } = await openTestDb());
  g.__mandaDb = Promise.resolve(db);
  const seeded = await seedDeal(db, "cli-approve");
  deal = { id: seeded.deal.id, slug: seeded.deal.slug };
});
afterAll(async () => {
  g.__mandaDb = undefined;
  await cleanup?.();
});

async function ask(args: string[]): Promise<string> {
  const out: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
  try {
    expect(await askCommand(args)).toBe(0);
  } finally {
    process.stdout.write = write;
  }
  return out.join("");
}

describe("manda ask and the agent's writes", () => {
  it("writes only with --approve", async () => {
    const q = "Add who the CTO is to the Q&A list";
    const before = (await listQaItems({ db, dealId: deal.id })).length;
    expect(await ask(["--deal", deal.slug, q])).toMatch(/needs your approval first: add to qa\. Nothing was changed\./);
    expect((await listQaItems({ db, dealId: deal.id })).length).toBe(before);
    expect(await ask(["--deal", deal.slug, "--approve", q])).toMatch(/^Added 1 question to the Q&A list/);
    expect((await listQaItems({ db, dealId: deal.id })).length).toBe(before + 1);
  });
});
