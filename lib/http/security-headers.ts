/**
 * Security headers of every response. Pages get a Content-Security-Policy with a per-request
 * nonce: Next.js reads the nonce from the request's CSP header (set by proxy.ts) and puts it on
 * its own inline and bundle scripts; 'strict-dynamic' lets those load their chunks. pdf.js runs
 * its worker from /api/pdfjs (worker-src 'self') with eval disabled, so no 'unsafe-eval' outside
 * `next dev` (React's dev tools need it). Style attributes (highlight boxes, widths) need
 * 'unsafe-inline' for styles only. The static headers (nosniff, referrer, framing) are also set
 * in next.config.ts for responses the proxy does not see (static assets).
 */

export interface CspOptions {
  nonce: string;
  dev: boolean;
  /** Origins the browser talks to besides this one (Supabase Auth in multi-user mode). */
  connect?: string[];
}

export function contentSecurityPolicy({ nonce, dev, connect = [] }: CspOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${connect.length ? ` ${connect.join(" ")}` : ""}${dev ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The Content-Security-Policy of API answers (the document file route relaxes it: proxy.ts). */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers every response carries (pages, API, assets). */
export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** A fresh nonce (base64 of 16 random bytes). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
