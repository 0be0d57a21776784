/**
 * An upload in the data room, from the browser's side: its phase (waiting for a transfer slot,
 * sending bytes, then the server's ingest states) and how far along its progress bar is.
 */

export type Phase = "waiting" | "uploading" | "queued" | "uploaded" | "parsing" | "indexed" | "failed" | "duplicate";

export interface Upload {
  key: string;
  file: File;
  filename: string;
  bytes: number;
  progress: number; // 0..1 of the byte transfer
  phase: Phase;
  sha256?: string;
  documentId?: string;
  error?: string;
  /** The failure's code (lib/errors.ts), when the server gave one: decides whether Retry is offered. */
  errorCode?: string | null;
  note?: string;
}

/** An ingest job as the documents API reports it. */
export interface Job {
  id: string;
  filename: string;
  sha256: string;
  state: "queued" | "ingesting" | "done" | "failed";
  documentId?: string;
  error?: string;
}

export const MAX_PARALLEL = 3;
export const TERMINAL: Phase[] = ["indexed", "failed", "duplicate"];

export const PHASE_LABEL: Record<Phase, string> = {
  waiting: "waiting",
  uploading: "uploading",
  queued: "queued",
  uploaded: "uploaded",
  parsing: "parsing & indexing",
  indexed: "indexed",
  failed: "failed",
  duplicate: "already in the data room",
};

/**
 * The reason shown after a retry failed the same way: the file itself cannot be read, so a
 * third try will not help; what to do instead.
 */
export function repeatedFailure(reason: string | null | undefined): string {
  const why = (reason ?? "This file could not be read.").trim().replace(/([^.!?])$/, "$1.");
  return `${why} Retrying gave the same result: the file itself cannot be read, so retrying again will not help. Upload a readable copy instead (for a PDF, export or print it to PDF again).`;
}

/**
 * The progress bar of a file, as its text says: the share of bytes sent while uploading; no
 * figure (an indeterminate bar) while the server ingests, since nothing measures that; full when
 * done. (It showed half the transfer, so "100% sent" sat beside a bar at 50%.)
 */
export function progressOf(u: Upload): number | null {
  switch (u.phase) {
    case "waiting":
      return 0;
    case "uploading":
      return u.progress;
    case "queued":
    case "uploaded":
    case "parsing":
      return null;
    default:
      return 1;
  }
}
