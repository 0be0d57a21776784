import fs from "node:fs";
import path from "node:path";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * pdf.js browser assets served from node_modules/pdfjs-dist: the worker and the standard font
 * data (for PDFs that use the 14 standard fonts without embedding them). Whitelisted paths only.
 */
const ROOT = path.join(process.cwd(), "node_modules", "pdfjs-dist");
const ALLOWED = /^(build\/pdf\.worker\.min\.mjs|standard_fonts\/[A-Za-z0-9_.-]+\.(?:pfb|ttf)|cmaps\/[A-Za-z0-9_.-]+\.bcmap)$/;

export async function GET(_req: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const rel = (await params).path.join("/");
  if (!ALLOWED.test(rel)) return new Response("Not found", { status: 404 });
  const file = path.join(ROOT, rel);
  if (!fs.existsSync(file)) return new Response("Not found", { status: 404 });
  const type = rel.endsWith(".mjs") ? "text/javascript; charset=utf-8" : "application/octet-stream";
  return new Response(new Uint8Array(fs.readFileSync(file)), { headers: { "content-type": type, "cache-control": "public, max-age=86400" } });
}
