import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native/WASM server packages are loaded by Node at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-pgvector", "pdfjs-dist", "exceljs", "mammoth", "postgres"],
};

export default nextConfig;
