/**
 * Next.js calls register() once when a server starts. The Node.js server starts its background
 * worker here (lib/pipeline/background.ts), so uploads accepted before a crash or kill are ingested
 * on the next start without waiting for a request.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startBackgroundIngest } = await import("@/lib/pipeline/background");
  startBackgroundIngest();
}
