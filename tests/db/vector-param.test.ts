/**
 * toExactVectorLiteral (lib/db/vector-param.ts) writes the same float4 values as
 * toVectorLiteral's decimals, as hexadecimal floats the database reads faster: compared here by
 * the database's own reading of both, as vector and as halfvec, over every six-decimal value on a
 * fine grid of [-1, 1], the edges, and real embeddings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { toExactVectorLiteral } from "@/lib/db/vector-param";
import { toVectorLiteral } from "@/lib/models/embeddings";
import { embedLocal } from "@/lib/models/local-embedder";
import { openTestDb } from "../helpers/db";

let db: Db;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ db, cleanup } = await openTestDb()));
afterAll(async () => cleanup?.());

/** How many vectors of the pairs read differently (the values' text and their float4 bits, via float4send). */
async function differing(vectors: number[][], type: "vector" | "halfvec"): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from unnest($1::text[], $2::text[]) as v(a, b)
      where a::${type}::text <> b::${type}::text
         or (select array_agg(float4send(x)) from unnest(a::${type}::real[]) x) is distinct from (select array_agg(float4send(x)) from unnest(b::${type}::real[]) x)`,
    [vectors.map(toVectorLiteral), vectors.map(toExactVectorLiteral)],
  );
  return rows[0]!.n;
}

describe("toExactVectorLiteral", () => {
  it("writes hexadecimal floats, and zero and non-finite values as toVectorLiteral does", () => {
    expect(toExactVectorLiteral([0.5, -0.25, 0, -0.0000001, Number.NaN, 1, -1])).toBe("[0x1.000000p-1,-0x1.000000p-2,0,-0,0,0x1.000000p0,-0x1.000000p0]");
    expect(toExactVectorLiteral([2.5, -1.0000001])).toBe("[2.5,-1]"); // outside [-1, 1]: the decimal literal
    expect(toExactVectorLiteral([])).toBe("[]");
  });

  it("is read as the same float4 values as the six-decimal literal, over a grid of [-1, 1]", async () => {
    // every 7th millionth plus the edges: 285,716 values, 384 to a vector
    const values: number[] = [];
    for (let k = -1_000_000; k <= 1_000_000; k += 7) values.push(k / 1e6 + (k % 3) * 1e-8); // off-grid bits too: toFixed rounds them
    values.push(1, -1, 0.9999995, -0.9999995, 0.0000005, -0.0000005, 0.000001, -0.000001, 1e-9, -1e-9, 0.1, 0.2, 0.3, 1 / 3, 2 / 3);
    const vectors: number[][] = [];
    for (let i = 0; i < values.length; i += 384) vectors.push(values.slice(i, i + 384));
    expect(await differing(vectors, "vector")).toBe(0);
    expect(await differing(vectors, "halfvec")).toBe(0);
  });

  it("is read as the same values for real embeddings, as vector and as halfvec", async () => {
    const texts = Array.from({ length: 200 }, (_, i) => `Net revenue ${i} million in fiscal ${2000 + (i % 25)}; operating income rose ${i % 17}%.`);
    const vectors = texts.map((t) => embedLocal(t));
    expect(await differing(vectors, "vector")).toBe(0);
    expect(await differing(vectors, "halfvec")).toBe(0);
  });
});
