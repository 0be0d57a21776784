import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Two projects: `unit` (pure logic and PGlite-backed integration tests) and `db`
 * (the database-facing tests alone, which CI re-runs against native PostgreSQL
 * through DATABASE_URL). `npm test` runs both on PGlite, and `reliability` (tests/reliability: real
 * processes killed at random points, a route fuzz). A third project, `browser`, drives
 * Chromium against a built app: `npm run test:browser` (not part of `npm test`).
 */
// `server-only` (lib/ui/server) throws outside Next's server bundles; tests run that code on Node
// directly, so they get the package's own no-op build (what Next's react-server condition picks).
const alias = { "@": path.resolve(import.meta.dirname), "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js") };

export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    projects: [
      // a project does not inherit the root's timeouts: the English word lists some tests load take seconds under load
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], pool: "forks", testTimeout: 60_000, hookTimeout: 120_000 } },
      {
        resolve: { alias },
        test: { name: "db", include: ["tests/db/**/*.test.ts"], pool: "forks", testTimeout: 120_000, hookTimeout: 180_000 },
      },
      // Real processes killed with SIGKILL (CLI ingest, pipeline run, uploads to `next start`) and a
      // route fuzz against a running server; part of `npm test` (and so of CI).
      {
        resolve: { alias },
        test: {
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
          pool: "forks",
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 900_000,
        },
      },
      // Real browser against `next build` + `next start` (tests/browser/global-setup.ts). Opt-in only
      // (it builds the app): `npm run test:browser` sets MANDA_BROWSER_TESTS=1. Needs /usr/bin/chromium.
      ...(process.env.MANDA_BROWSER_TESTS === "1" ? [{
        resolve: { alias },
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          globalSetup: ["tests/browser/global-setup.ts"],
          pool: "forks",
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 900_000,
        },
      }] : []),
    ],
  },
});
