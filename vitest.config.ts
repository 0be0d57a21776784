import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Two projects: `unit` (pure logic and PGlite-backed integration tests) and `db`
 * (the database-facing tests alone, which CI re-runs against native PostgreSQL
 * through DATABASE_URL). `npm test` runs both on PGlite.
 */
const alias = { "@": path.resolve(import.meta.dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], pool: "forks" } },
      {
        resolve: { alias },
        test: { name: "db", include: ["tests/db/**/*.test.ts"], pool: "forks", testTimeout: 120_000, hookTimeout: 180_000 },
      },
    ],
  },
});
