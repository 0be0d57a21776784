import { afterEach, describe, expect, it, vi } from "vitest";
import { setConfigForProcess } from "@/lib/config";
import { safely } from "@/lib/agent/context";
import { MandaError } from "@/lib/errors";

setConfigForProcess({ MANDA_LOG_LEVEL: "error" });

describe("safely(): a tool's exception reaches the model only as a safe message", () => {
  afterEach(() => vi.restoreAllMocks());

  it("an unexpected exception's text is logged, not returned", async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const r = await safely("find_gaps", async () => {
      throw new Error('relation "irl_coverage" does not exist at /srv/manda/data');
    });
    expect(r).toMatchObject({ error: "find_gaps failed because of an internal error." });
    expect(JSON.stringify(r)).not.toMatch(/irl_coverage|\/srv/);
    expect(lines.join("")).toMatch(/irl_coverage/);
    expect(lines.join("")).toMatch(/"tool":"find_gaps"/);
  });

  it("a MandaError's message (written to be shown) is passed on", async () => {
    const r = await safely("add_to_qa", async () => {
      throw new MandaError("not_found:qa_item", "No such Q&A item in this deal.");
    });
    expect(r).toEqual({ error: "add_to_qa failed: No such Q&A item in this deal." });
  });

  it("an internal MandaError is treated like any other exception", async () => {
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const r = await safely("create_irl", async () => {
      throw new MandaError("internal:unexpected", "pg: duplicate key value violates unique constraint irl_items_pkey");
    });
    expect(JSON.stringify(r)).not.toMatch(/irl_items_pkey/);
  });

  it("a result passes through", async () => {
    expect(await safely("x", async () => ({ ok: 1 }))).toEqual({ ok: 1 });
  });
});
