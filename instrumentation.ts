/**
 * Next.js calls register() once when a server starts. The Node.js server opens the embedded
 * database in a thread of its own (lib/db/thread.ts) and starts its background worker
 * (lib/pipeline/background.ts) in another (lib/pipeline/background-thread.ts), so uploads accepted
 * before a crash or kill are ingested on the next start without waiting for a request, and the
 * main thread only answers requests.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // The embedded database and the background worker each get a thread: the main thread only answers requests.
  const { getDb, runDatabaseInThread } = await import("@/lib/db");
  const { log } = await import("@/lib/log");
  runDatabaseInThread();
  try {
    await getDb(); // opened (and its thread started) before the background worker asks for a port
  } catch (e) {
    log.error("database not available at start", { error: e instanceof Error ? e.message : String(e) });
  }
  const { startBackgroundIngest } = await import("@/lib/pipeline/background");
  startBackgroundIngest();
}
