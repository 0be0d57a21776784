import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "@/lib/db";
import { listMigrations, migrate } from "@/lib/db/migrate";
import { createDeal, getDealBySlug, requireDeal } from "@/lib/db/queries/deals";
import { openTestDb } from "../helpers/db";

describe("migrations", () => {
  let db: Db;
  let url: string | undefined;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ db, url, cleanup } = await openTestDb()));
  afterAll(() => cleanup());

  it("records every migration file and a second run applies nothing", async () => {
    const { rows } = await db.query<{ name: string }>("select name from schema_migrations order by name");
    expect(rows.map((r) => r.name)).toEqual(listMigrations().map((m) => m.name));
    expect(await migrate(db)).toEqual([]);
  });

  it("has pgvector with halfvec cosine distance", async () => {
    const { rows } = await db.query<{ d: number }>("select '[1,0,0]'::halfvec <=> '[0,1,0]'::halfvec as d");
    expect(rows[0].d).toBeCloseTo(1, 5);
  });

  it("creates deals with unique, validated slugs", async () => {
    const deal = await createDeal({ db, slug: "alpha", name: "Alpha" });
    expect((await getDealBySlug({ db, slug: "alpha" }))?.id).toBe(deal.id);
    await expect(createDeal({ db, slug: "alpha" })).rejects.toMatchObject({ code: "conflict:deal" });
    await expect(createDeal({ db, slug: "Bad Slug" })).rejects.toMatchObject({ code: "bad_request:deal_slug" });
    await expect(requireDeal({ db, ref: "missing" })).rejects.toMatchObject({ code: "not_found:deal" });
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("is safe when several processes migrate an empty server database at once", async () => {
    // Four independent connection pools (as four processes would have) race on an empty database.
    const name = `race_${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
    await db.exec(`create database ${name}`);
    const raceUrl = new URL(url!);
    raceUrl.pathname = `/${name}`;
    const opened = await Promise.allSettled(Array.from({ length: 4 }, () => openDb({ databaseUrl: raceUrl.toString() })));
    const dbs = opened.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(opened.filter((r) => r.status === "rejected")).toEqual([]);
    const { rows } = await dbs[0].query<{ n: number }>("select count(*)::int as n from schema_migrations");
    expect(rows[0].n).toBe(listMigrations().length);
    await Promise.all(dbs.map((d) => d.close()));
    await db.exec(`drop database ${name} with (force)`);
  });
});
