/**
 * Words for values, documents and reliability. The agent never shows confidence or similarity
 * scores; it says why a figure is more or less reliable: older document, later corrected,
 * forecast vs actual, draft/unaudited vs audited, partial data.
 */
import { monthName } from "@/lib/periods/months";

export function trimNumber(x: number, maxDecimals = 2, minDecimals = 0): string {
  let s = x.toFixed(maxDecimals);
  if (s.includes(".")) s = s.replace(/0+$/, "").replace(/\.$/, "");
  if (minDecimals > 0) {
    const [i, d = ""] = s.split(".");
    if (d.length < minDecimals) s = `${i}.${d.padEnd(minDecimals, "0")}`;
  }
  return s;
}

function withSeparators(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

/** "EUR 4.2 million", "EUR 300 thousand", "42%", "240" — from the normalised value when there is one. */
export function formatValue(f: { value_num: number | null; value_text: string; unit: string | null; currency: string | null }): string {
  const n = f.value_num;
  if (n === null || !Number.isFinite(n)) return f.value_text;
  if (f.unit === "percent") return `${trimNumber(n, 1)}%`;
  if (f.unit === "count") return withSeparators(n);
  if (f.unit === "ratio") return trimNumber(n, 2);
  if (f.unit === "currency" || f.currency) return formatMoney(n, f.currency ?? "");
  return f.value_text;
}

export function formatMoney(n: number, currency: string): string {
  const cur = currency ? `${currency} ` : "";
  const a = Math.abs(n);
  const sign = n < 0 ? "-" : "";
  if (a >= 1e9) return `${sign}${cur}${trimNumber(a / 1e9, 2, 1)} billion`;
  if (a >= 1e6) return `${sign}${cur}${trimNumber(a / 1e6, 2, 1)} million`;
  if (a >= 1e3) return `${sign}${cur}${trimNumber(a / 1e3, 1)} thousand`;
  return `${sign}${cur}${trimNumber(a, 2)}`;
}

/** A signed difference in the same style: "+EUR 200 thousand", "-2.0pp". */
export function formatDelta(d: number, unit: string | null, currency: string | null): string {
  const sign = d > 0 ? "+" : d < 0 ? "-" : "±";
  if (unit === "percent") return `${sign}${trimNumber(Math.abs(d), 1)}pp`;
  if (unit === "count") return `${sign}${Math.round(Math.abs(d)).toLocaleString("en-US")}`;
  return `${sign}${formatMoney(Math.abs(d), currency ?? "")}`;
}

export function formatPct(p: number): string {
  const sign = p > 0 ? "+" : p < 0 ? "-" : "±";
  return `${sign}${trimNumber(Math.abs(p), 1)}%`;
}

/** "24 October 2024" from an ISO date. */
export function formatDate(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const m = iso.match(/^(\d{4})-(\d\d)-(\d\d)/);
  if (!m) return undefined;
  return `${Number(m[3])} ${monthName(Number(m[2]))} ${m[1]}`;
}

/** How reliable a kind of document is, for preferring one figure over another (higher = more authoritative). */
export function authorityOf(kind: string | null | undefined, filename = ""): number {
  const k = `${kind ?? ""} ${filename}`.toLowerCase();
  if (/annual report|audited|årsredovisning|10-?k/.test(k)) return 5;
  if (/quarterly|interim|10-?q/.test(k)) return 4;
  if (/cap table|customer list|minutes/.test(k)) return 3;
  if (/forecast|budget|plan/.test(k)) return 2;
  if (/presentation|deck|slides|teaser|\bcim\b/.test(k)) return 1;
  return 2;
}

/** "the audited annual report", "the management presentation (unaudited)". */
export function describeKind(kind: string | null | undefined, filename = ""): string {
  const k = `${kind ?? ""} ${filename}`.toLowerCase();
  if (/annual report|årsredovisning|10-?k/.test(k)) return "the audited annual report";
  if (/quarterly|interim|10-?q/.test(k)) return "the interim report";
  if (/presentation|deck|slides/.test(k)) return "the management presentation (unaudited)";
  if (/forecast|budget/.test(k)) return "the financial forecast";
  if (/cap table/.test(k)) return "the cap table";
  if (/minutes/.test(k)) return "the board minutes";
  if (/customer list/.test(k)) return "the customer list";
  if (/bio/.test(k)) return "the management biographies";
  return kind ? `the ${kind}` : "the document";
}

/** Whole months between two ISO dates (b − a). */
export function monthsBetween(a: string, b: string): number {
  const da = new Date(`${a}T00:00:00Z`);
  const db = new Date(`${b}T00:00:00Z`);
  return (db.getUTCFullYear() - da.getUTCFullYear()) * 12 + (db.getUTCMonth() - da.getUTCMonth());
}
