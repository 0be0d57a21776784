import postgres from "postgres";
import { MandaError } from "@/lib/errors";
import type { Db, Queryable, QueryResult } from "./types";

type Sql = postgres.Sql | postgres.TransactionSql;

function wrap(sql: Sql): Queryable {
  return {
    async query<T>(text: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const res = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]);
      return { rows: res as unknown as T[], rowCount: res.count ?? res.length };
    },
    async exec(text: string) {
      await sql.unsafe(text).simple();
    },
  };
}

/** PostgreSQL ≥ 15 with pgvector (Supabase or any server) through postgres.js. */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Db> {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // Keep numeric/bigint as JS numbers like PGlite does, so both back ends return the same shapes.
    // JSON parameters behave like PGlite's too: a string is already JSON text (no second encoding,
    // which would store `"{\"a\":1}"` as a JSON string), anything else is stringified.
    types: {
      json: {
        to: 3802,
        from: [114, 3802],
        serialize: (x: unknown) => (typeof x === "string" ? x : JSON.stringify(x)),
        parse: (x: string) => JSON.parse(x),
      },
      bigint: { to: 20, from: [20], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
      numeric: { to: 1700, from: [1700], serialize: (x: number) => String(x), parse: (x: string) => Number(x) },
    },
  });
  try {
    await sql`select 1`;
  } catch (e) {
    await sql.end({ timeout: 1 }).catch(() => {});
    throw new MandaError("unavailable:database", "Could not connect to the PostgreSQL server in DATABASE_URL.", { cause: e });
  }
  const base = wrap(sql);
  return {
    kind: "postgres",
    ...base,
    async transaction(fn) {
      return (await sql.begin((tx) => fn(wrap(tx)))) as Awaited<ReturnType<typeof fn>>;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
