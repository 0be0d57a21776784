import path from "node:path";
import type { Queryable } from "./types";

/** The committed dump of the live schema (`npm run schema:dump`). */
export const CATALOG_FILE = path.resolve(process.cwd(), "supabase/schema/catalog.json");

/**
 * The schema as the database sees it, in a stable, comparable form: what the migrations
 * produced, read back from the system catalogs (not from the SQL files). Used by
 * `npm run schema:dump` (supabase/schema/catalog.json, checked by tests/db/schema-catalog.test.ts)
 * and by the runner to recognise a database built by the squashed pre-baseline chain
 * (lib/db/legacy-chain.ts). Covers the public schema minus what extensions own (pgvector's
 * own functions and types).
 */
export interface Catalog {
  extensions: string[];
  tables: Record<string, { columns: string[]; constraints: string[]; indexes: string[]; triggers: string[] }>;
  sequences: string[];
  /** Function signature → pg_get_functiondef, one array entry per line (readable diffs). */
  functions: Record<string, string[]>;
  /** Aggregate signature → its state function, state type and initial value. */
  aggregates: Record<string, string>;
}

const PUBLIC = `n.nspname = 'public'`;
const NOT_EXTENSION_OWNED = (cls: string, oid: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${cls}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

async function tableNames(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where ${PUBLIC} and c.relkind in ('r', 'p') and ${NOT_EXTENSION_OWNED("pg_class", "c.oid")} order by 1`,
  );
  return rows.map((r) => r.name);
}

async function columnsOf(db: Queryable): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ t: string; line: string }>(
    `select c.relname as t,
            a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
              || case when a.attnotnull then ' not null' else '' end
              || coalesce(' default ' || pg_get_expr(ad.adbin, ad.adrelid), '') as line
     from pg_attribute a
     join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
     where ${PUBLIC} and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
     order by c.relname, a.attnum`,
  );
  return group(rows);
}

async function constraintsOf(db: Queryable): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ t: string; line: string }>(
    `select c.relname as t, k.conname || ': ' || pg_get_constraintdef(k.oid) as line
     from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
     where ${PUBLIC} and k.contype <> 'n' order by c.relname, k.conname`, // NOT NULL rows (PG 18) are in columns
  );
  return group(rows);
}

async function indexesOf(db: Queryable): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ t: string; line: string }>(
    `select tablename as t, indexdef as line from pg_indexes where schemaname = 'public' order by tablename, indexname`,
  );
  return group(rows);
}

async function triggersOf(db: Queryable): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ t: string; line: string }>(
    `select c.relname as t, pg_get_triggerdef(g.oid) as line
     from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where ${PUBLIC} and not g.tgisinternal order by c.relname, g.tgname`,
  );
  return group(rows);
}

async function sequences(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ line: string }>(
    `select c.relname || ' ' || format_type(s.seqtypid, null)
              || coalesce(' owned by ' || o.relname || '.' || a.attname, '') as line
     from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace
     left join pg_depend d on d.objid = c.oid and d.classid = 'pg_class'::regclass and d.deptype = 'a'
     left join pg_class o on o.oid = d.refobjid
     left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
     where ${PUBLIC} order by 1`,
  );
  return rows.map((r) => r.line);
}

async function functions(db: Queryable): Promise<Record<string, string[]>> {
  const { rows } = await db.query<{ sig: string; def: string }>(
    `select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as sig, pg_get_functiondef(p.oid) as def
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where ${PUBLIC} and p.prokind in ('f', 'p') and ${NOT_EXTENSION_OWNED("pg_proc", "p.oid")} order by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.sig, r.def.replace(/\s+$/, "").split("\n")]));
}

async function aggregates(db: Queryable): Promise<Record<string, string>> {
  const { rows } = await db.query<{ sig: string; def: string }>(
    `select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as sig,
            'sfunc ' || g.aggtransfn::regproc::text || ', stype ' || format_type(g.aggtranstype, null)
              || coalesce(', initcond ' || g.agginitval, '') as def
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_aggregate g on g.aggfnoid = p.oid
     where ${PUBLIC} and p.prokind = 'a' and ${NOT_EXTENSION_OWNED("pg_proc", "p.oid")} order by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.sig, r.def]));
}

function group(rows: { t: string; line: string }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.t, [...(out.get(r.t) ?? []), r.line]);
  return out;
}

/** Reads the schema of the database `db` is connected to. */
export async function readCatalog(db: Queryable): Promise<Catalog> {
  const { rows: ext } = await db.query<{ name: string }>("select extname as name from pg_extension where extname <> 'plpgsql' order by 1");
  const [names, columns, constraints, indexes, triggers] = await Promise.all([
    tableNames(db), columnsOf(db), constraintsOf(db), indexesOf(db), triggersOf(db),
  ]);
  const tables: Catalog["tables"] = {};
  for (const t of names) {
    tables[t] = { columns: columns.get(t) ?? [], constraints: constraints.get(t) ?? [], indexes: indexes.get(t) ?? [], triggers: triggers.get(t) ?? [] };
  }
  return { extensions: ext.map((r) => r.name), tables, sequences: await sequences(db), functions: await functions(db), aggregates: await aggregates(db) };
}

/** The catalog as committed: stable key order, two-space JSON, trailing newline. */
export function formatCatalog(catalog: Catalog): string {
  return `${JSON.stringify(catalog, null, 2)}\n`;
}

/** Human-readable differences between two catalogs (empty when equal), for error messages. */
export function diffCatalogs(expected: Catalog, actual: Catalog): string[] {
  const out: string[] = [];
  const cmp = (where: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(where);
  };
  cmp("extensions", expected.extensions, actual.extensions);
  cmp("sequences", expected.sequences, actual.sequences);
  for (const t of new Set([...Object.keys(expected.tables), ...Object.keys(actual.tables)])) {
    const e = expected.tables[t];
    const a = actual.tables[t];
    if (!e || !a) out.push(`table ${t} ${e ? "missing" : "unexpected"}`);
    else for (const k of ["columns", "constraints", "indexes", "triggers"] as const) cmp(`table ${t} ${k}`, e[k], a[k]);
  }
  for (const kind of ["functions", "aggregates"] as const) {
    for (const f of new Set([...Object.keys(expected[kind]), ...Object.keys(actual[kind])])) {
      const e = expected[kind][f];
      const a = actual[kind][f];
      if (!e || !a) out.push(`${kind.slice(0, -1)} ${f} ${e ? "missing" : "unexpected"}`);
      else cmp(`${kind.slice(0, -1)} ${f}`, e, a);
    }
  }
  return out;
}
