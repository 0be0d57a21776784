import path from "node:path";
import { z } from "zod";

/**
 * All configuration, validated once. Nothing else in the code reads process.env.
 * Every variable here is documented in README.md and .env.example.
 */
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.string().url().optional());

const schema = z.object({
  MANDA_DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(".manda")),
  DATABASE_URL: optionalUrl,
  MANDA_MAX_UPLOAD_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(200 * 1024 * 1024)),
  MANDA_LOAD_DEMO: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("true")),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_CHAT_MODEL: z.preprocess(emptyToUndefined, z.string().default("gpt-4.1")),
  /** `local`: the offline embedder even with a remote chat model (a server that serves no embeddings; stored vectors stay valid). */
  MANDA_EMBEDDINGS: z.preprocess(emptyToUndefined, z.enum(["provider", "local"]).default("provider")),
  OPENAI_EMBEDDING_MODEL: z.preprocess(emptyToUndefined, z.string().default("text-embedding-3-large")),
  // pgvector's HNSW index holds at most 2,000 dimensions; every accepted model gets one (lib/db/embedding-index.ts).
  OPENAI_EMBEDDING_DIMENSIONS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive()
    .max(2000, "at most 2000: the HNSW vector index holds up to 2,000 dimensions (text-embedding-3 models shorten their vectors on request)")
    .default(1536)),
  NEO4J_URI: optionalString,
  NEO4J_USER: z.preprocess(emptyToUndefined, z.string().default("neo4j")),
  NEO4J_PASSWORD: optionalString,
  SUPABASE_URL: optionalUrl,
  SUPABASE_ANON_KEY: optionalString,
  SUPABASE_SERVICE_ROLE_KEY: optionalString,
  SUPABASE_STORAGE_BUCKET: z.preprocess(emptyToUndefined, z.string().default("documents")),
  MANDA_HOST: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9.:[\]-]+$/, "a host name or IP address").default("127.0.0.1")),
  MANDA_ALLOWED_HOSTS: optionalString,
  /** "true" when a reverse proxy in front of the app sets X-Forwarded-Host (and drops a client's own). */
  MANDA_TRUSTED_PROXY: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("false")),
  /** Node server limits for slow clients, applied by scripts/serve.mjs (scripts/server-timeouts.mjs). */
  MANDA_HEADERS_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).max(600_000).default(20_000)),
  MANDA_REQUEST_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1000).max(86_400_000).default(300_000)),
  MANDA_MAX_JSON_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(1024 * 1024)),
  /** How long a request waits for the Supabase Auth server before answering 503 unavailable:auth. */
  MANDA_AUTH_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(120_000).default(5000)),
  MANDA_LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(["debug", "info", "warn", "error", "silent"]).default("info")),
  /**
   * The embedded database's buffer pool (PostgreSQL's shared_buffers, e.g. 512MB); PGlite's 128MB
   * when unset, 16MB in a one-shot CLI command. A pool holding a large deal's hot pages spares
   * searches PGlite's file reads (bench/search-latency.ts); it costs its size in memory and start-up time.
   */
  MANDA_PG_SHARED_BUFFERS: z.preprocess(emptyToUndefined, z.string().regex(/^\d+(kB|MB|GB)$/, "a size such as 512MB").optional()),
  /** `full`: check migrations and indexes on every open, even when the stored schema fingerprint matches (lib/db/schema-state.ts). */
  MANDA_SCHEMA_CHECK: z.preprocess(emptyToUndefined, z.enum(["fingerprint", "full"]).default("fingerprint")),
});

export type RawConfig = z.infer<typeof schema>;

export interface Config extends RawConfig {
  /** Absolute data dir: PGlite files, stored documents, caches. */
  dataDir: string;
  dbMode: "embedded" | "server";
  modelMode: "local" | "openai";
  /** Where embeddings come from: the configured provider, or the local embedder (offline, or MANDA_EMBEDDINGS=local). */
  embeddingMode: "local" | "openai";
  maxUploadBytes: number;
  loadDemo: boolean;
  /** Largest JSON request body (bytes). */
  maxJsonBytes: number;
  /** Host names (lower case, no port) requests may be addressed to, or "any" (MANDA_ALLOWED_HOSTS=*). */
  allowedHosts: string[] | "any";
  /** Whether X-Forwarded-Host names the request's public host (MANDA_TRUSTED_PROXY). */
  trustProxy: boolean;
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const raw = parsed.data;
  return {
    ...raw,
    dataDir: path.resolve(raw.MANDA_DATA_DIR),
    dbMode: raw.DATABASE_URL ? "server" : "embedded",
    modelMode: raw.OPENAI_API_KEY || raw.OPENAI_BASE_URL ? "openai" : "local",
    embeddingMode: (raw.OPENAI_API_KEY || raw.OPENAI_BASE_URL) && raw.MANDA_EMBEDDINGS === "provider" ? "openai" : "local",
    maxUploadBytes: raw.MANDA_MAX_UPLOAD_BYTES,
    loadDemo: raw.MANDA_LOAD_DEMO === "true",
    maxJsonBytes: raw.MANDA_MAX_JSON_BYTES,
    allowedHosts: allowedHostsOf(raw.MANDA_ALLOWED_HOSTS, raw.MANDA_HOST),
    trustProxy: raw.MANDA_TRUSTED_PROXY === "true",
  };
}

/**
 * Loopback names and the address the server is bound to (MANDA_HOST, unless a wildcard) are
 * always allowed; MANDA_ALLOWED_HOSTS adds names (comma-separated), `*` allows any.
 */
function allowedHostsOf(list: string | undefined, bound: string): string[] | "any" {
  const extra = (list ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean);
  if (extra.includes("*")) return "any";
  const self = ["0.0.0.0", "::", "[::]"].includes(bound) ? [] : [bound.includes(":") && !bound.startsWith("[") ? `[${bound}]` : bound.toLowerCase()];
  return [...new Set(["localhost", "127.0.0.1", "[::1]", ...self, ...extra])];
}

let cached: Config | undefined;

/** The process configuration, parsed on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Tests and the CLI can point the process at another data dir or database. */
export function setConfigForProcess(overrides: Record<string, string | undefined>): Config {
  cached = parseConfig({ ...process.env, ...overrides });
  return cached;
}
