import { MandaError } from "@/lib/errors";
import { log } from "@/lib/log";
import legacyCatalogJson from "@/supabase/schema/legacy-chain.catalog.json";
import { diffCatalogs, readCatalog, type Catalog } from "./catalog";
import type { Migration } from "./migrate";
import type { Queryable } from "./types";

/**
 * Databases created before the schema baseline. On 2026-11-25 the migrations below were
 * squashed into the six baseline files (20261125000100_documents.sql … 20261125000600_irl.sql),
 * which build the same schema: supabase/schema/legacy-chain.catalog.json is the catalog the old
 * chain produced, and tests/db/schema-baseline.test.ts checks the baseline against it.
 *
 * A database whose schema_migrations lists the whole old chain, and whose catalog still equals
 * that snapshot, is adopted: the old rows are replaced by the baseline's, recorded as applied,
 * and later migrations apply as usual. A database with only part of the old chain (or an
 * edited schema) cannot be brought forward from here: the runner stops with what to do.
 */
export const LEGACY_MIGRATIONS: readonly string[] = [
  "20261121000100_foundation.sql",
  "20261121000200_hybrid_search.sql",
  "20261121000300_knowledge.sql",
  "20261121000500_conversations_irl.sql",
  "20261121000600_agent_match_findings.sql",
  "20261121000700_search_perf.sql",
  "20261121000800_search_segments.sql",
  "20261121000810_search_routing_versions.sql",
  "20261121000820_search_rescoring.sql",
  "20261121000830_search_scope_filter.sql",
  "20261121000840_chunk_embeddings_float4.sql",
  "20261121000850_search_impact_order.sql",
  "20261121000860_search_concat_merges.sql",
  "20261124000100_document_company_identity.sql",
  "20261124000200_search_sections_stemming.sql",
  "20261124000500_conversation_sharing.sql",
  "20261124001100_staging_held_reason.sql",
];

/** The last baseline file: the baseline is every migration up to and including it. */
export const BASELINE_LAST = "20261125000600_irl.sql";

export const LEGACY_CATALOG = legacyCatalogJson as Catalog;

const BEFORE_BASELINE =
  "Open it once with a Manda version from before the schema baseline (any commit before " +
  "\"Schema: squash the migrations into a baseline\"), which finishes the old migrations, then open it with this one; " +
  "or move the data directory (or database) aside and start fresh.";

/**
 * What differs between a database's catalog and the old chain's. A hosted Postgres (Supabase)
 * has extensions of its own installed: only the ones the migrations create must be there.
 */
export function legacyCatalogDiff(actual: Catalog): string[] {
  const ownExtensions = LEGACY_CATALOG.extensions.every((e) => actual.extensions.includes(e));
  return diffCatalogs(LEGACY_CATALOG, ownExtensions ? { ...actual, extensions: LEGACY_CATALOG.extensions } : actual);
}

/**
 * Replaces a complete old chain in schema_migrations by the baseline; no-op for any other
 * database. Runs inside the migration run's transaction (and lock), before pending migrations.
 * Returns whether it adopted the database.
 */
export async function adoptLegacyChain(q: Queryable, migrations: Migration[]): Promise<boolean> {
  const { rows } = await q.query<{ name: string }>("select name from schema_migrations where name = any($1::text[]) order by name", [LEGACY_MIGRATIONS]);
  if (rows.length === 0) return false;
  if (rows.length < LEGACY_MIGRATIONS.length) {
    throw new MandaError(
      "internal:schema_legacy_partial",
      `This database applied ${rows.length} of the ${LEGACY_MIGRATIONS.length} migrations from before the schema baseline ` +
        `(the last one: ${rows.at(-1)!.name}); this version cannot finish them. ${BEFORE_BASELINE}`,
    );
  }
  const diff = legacyCatalogDiff(await readCatalog(q));
  if (diff.length > 0) {
    throw new MandaError(
      "internal:schema_legacy_mismatch",
      `This database applied every migration from before the schema baseline, but its schema differs from what they ` +
        `produce (${diff.slice(0, 5).join("; ")}${diff.length > 5 ? `; ${diff.length - 5} more` : ""}), so the baseline ` +
        `cannot be recorded as applied. Undo the manual changes, or move the data directory (or database) aside and start fresh.`,
    );
  }
  const baseline = migrations.filter((m) => m.name <= BASELINE_LAST);
  await q.query("delete from schema_migrations where name = any($1::text[])", [LEGACY_MIGRATIONS]);
  for (const m of baseline) {
    await q.query("insert into schema_migrations (name, checksum) values ($1, $2)", [m.name, m.checksum]);
  }
  log.info("schema baseline recorded for a database built by the pre-baseline migrations", { baseline: baseline.map((m) => m.name) });
  return true;
}
