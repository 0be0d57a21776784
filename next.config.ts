import type { NextConfig } from "next";
import { STATIC_SECURITY_HEADERS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // No X-Powered-By: it only tells a prober what to try.
  poweredByHeader: false,
  // nosniff, referrer policy and framing on every response, assets included (proxy.ts adds the CSP).
  async headers() {
    return [{ source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] }];
  },
  // Native/WASM server packages are loaded by Node at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-pgvector", "pdfjs-dist", "exceljs", "postgres"],
  // lib/db/migrate.ts reads these at run time; its reads are not traced (they would pull in the whole project).
  outputFileTracingIncludes: { "/**": ["./supabase/migrations/*.sql"] },
};

export default nextConfig;
