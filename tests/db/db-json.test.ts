import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { openTestDb } from "../helpers/db";

describe("JSON parameters", () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ db, cleanup } = await openTestDb()));
  afterAll(() => cleanup());

  it("stores JSON text and objects as JSON values, not JSON strings, on every back end", async () => {
    const { rows } = await db.query<{ a: unknown; t: string; b: unknown; u: string }>(
      "select $1::jsonb as a, jsonb_typeof($1::jsonb) as t, $2::jsonb as b, jsonb_typeof($2::jsonb) as u",
      [JSON.stringify({ spans: [1, 2] }), { cells: ["A1"] }],
    );
    expect(rows[0]).toEqual({ a: { spans: [1, 2] }, t: "object", b: { cells: ["A1"] }, u: "object" });
  });
});
