/**
 * The Agent Mode request set (bench/data/agent-mode-requests.jsonl): multi-part analyst requests
 * over real filings, each item with its gold value or fact and the page that states it. Written
 * by reading the filings before any Agent Mode change; `half` splits the companies into a half
 * tuned on (in-sample) and a half only reported (held-out). A held-out batch, once measured, is
 * relabelled in-sample and a new one written.
 */
import fs from "node:fs";
import path from "node:path";

export type ItemKind = "figure" | "comparison" | "margin" | "fact" | "narrative" | "not-in-data-room";

export interface GoldItem {
  id: string;
  asks: { concept: string; scope: string; period: string | null; versus?: string };
  kind: ItemKind;
  /** figure/margin: value (+accept); comparison: value, base, change, changePct; fact: name (+alts); narrative: section, pages; absent: null. */
  gold: {
    value?: number;
    base?: number;
    change?: number;
    changePct?: number;
    unit?: string;
    accept?: number[];
    name?: string;
    alts?: string[];
    section?: string;
    pages?: number[];
  } | null;
  pages: number[];
  tolerance: { rel?: number; abs?: number };
  /** Words a line of the answer about this item contains (scoring only). */
  terms: string[];
}

export interface AgentModeRequest {
  id: string;
  /** "in-sample", or the held-out batch it was written in ("held-out", "held-out-s7", ...). */
  half: string;
  company: string;
  /** Paths under ../shared/corpus. */
  files: string[];
  request: string;
  items: GoldItem[];
}

export const REQUESTS_FILE = path.resolve(process.cwd(), "bench/data/agent-mode-requests.jsonl");
export const CORPUS_ROOT = path.resolve(process.cwd(), "../shared/corpus");

export function loadRequests(file = REQUESTS_FILE): AgentModeRequest[] {
  return fs.readFileSync(file, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as AgentModeRequest);
}

/** The request's filings as absolute paths (the corpus is read in place, never copied). */
export function filesOf(r: AgentModeRequest, root = CORPUS_ROOT): string[] {
  return r.files.map((f) => path.join(root, f));
}

/** One cached bench database per set of filings: requests on the same filings share it. */
export function groupOf(r: AgentModeRequest): string {
  return `am-${r.files.map((f) => path.basename(f, ".pdf")).sort().join("+").toLowerCase().replace(/[^a-z0-9+]+/g, "-")}`;
}
