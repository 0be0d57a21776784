import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native/WASM server packages are loaded by Node at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-pgvector", "pdfjs-dist", "exceljs", "mammoth", "postgres"],
  // lib/db/migrate.ts reads these at run time; its reads are not traced (they would pull in the whole project).
  outputFileTracingIncludes: { "/**": ["./supabase/migrations/*.sql"] },
};

export default nextConfig;
