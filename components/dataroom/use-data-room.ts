"use client";

/**
 * The data room's client state: the documents (polled while anything is in flight), the uploads
 * (at most MAX_PARALLEL transfers at once, then followed through ingest by content hash) and the
 * retry and dismiss actions.
 */
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { DocumentView } from "@/lib/ui/documents";
import { errorMessageOf, formatBytes } from "@/lib/ui/urls";
import { MAX_PARALLEL, repeatedFailure, TERMINAL, type Job, type Phase, type Upload } from "./upload-state";

export function useDataRoom({ deal, initialDocuments, maxUploadBytes }: { deal: string; initialDocuments: DocumentView[]; maxUploadBytes: number }) {
  const [docs, setDocs] = useState<DocumentView[]>(initialDocuments);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [pollError, setPollError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  // Documents retried in this session: failing again, they say that retrying will not help.
  const [retried, setRetried] = useState<Set<string>>(() => new Set());
  // the deal's stage and its explanation, as the documents API last reported them
  const [stage, setStage] = useState<string | null>(null);
  const api = `/api/deals/${encodeURIComponent(deal)}/documents`;

  const patch = useCallback((key: string, p: Partial<Upload>) => {
    setUploads((us) => us.map((u) => (u.key === key ? { ...u, ...p } : u)));
  }, []);

  const refresh = useCallback(async () => {
    try {
      const res = await fetch(api, { cache: "no-store" });
      if (!res.ok) throw new Error(await errorMessageOf(res));
      const body = (await res.json()) as { documents: DocumentView[]; jobs: Job[]; stage?: string };
      setDocs(body.documents);
      if (body.stage !== undefined) setStage(body.stage);
      setPollError(null);
      const bySha = new Map(body.documents.map((d) => [d.sha256, d]));
      const jobBySha = new Map(body.jobs.map((j) => [j.sha256, j]));
      setUploads((us) =>
        us.map((u) => {
          if (!u.sha256 || u.phase === "duplicate" || u.phase === "uploading" || u.phase === "waiting") return u;
          const d = bySha.get(u.sha256);
          const j = jobBySha.get(u.sha256);
          if (d) {
            const phase: Phase = d.status === "indexed" ? "indexed" : d.status === "failed" ? (j && j.state !== "done" && j.state !== "failed" ? "queued" : "failed") : d.status;
            const reason = d.error ?? j?.error ?? "This file could not be read.";
            return { ...u, phase, documentId: d.id, errorCode: d.errorCode, error: phase === "failed" ? (retried.has(d.id) ? repeatedFailure(reason) : reason) : undefined };
          }
          if (j?.state === "failed") return { ...u, phase: "failed", error: j.error ?? "This file could not be read." };
          return u;
        }),
      );
    } catch (e) {
      setPollError(e instanceof Error ? e.message : "Could not refresh the documents.");
    }
  }, [api, retried]);

  const needsPolling = useMemo(
    () => uploads.some((u) => !TERMINAL.includes(u.phase)) || docs.some((d) => d.status === "uploaded" || d.status === "parsing" || d.tasks.pending + d.tasks.running > 0),
    [uploads, docs],
  );

  useEffect(() => {
    if (!needsPolling) return;
    const t = setInterval(() => void refresh(), 1000); // refresh reports its own errors
    return () => clearInterval(t);
  }, [needsPolling, refresh]);

  // The deal's header (stage, counts) is rendered on the server, and the stage is judged at the end
  // of the extraction run that follows an ingest: render it again whenever the stage the documents
  // API reports changes (it said "Nothing indexed" after indexing until a reload). After uploads
  // settle, the stage is still watched for a minute (the run starts after the last ingest).
  const router = useRouter();
  const [settleUntil, setSettleUntil] = useState(0);
  const wasPolling = useRef(needsPolling);
  useEffect(() => {
    if (wasPolling.current && !needsPolling) setSettleUntil(Date.now() + 60_000);
    wasPolling.current = needsPolling;
  }, [needsPolling]);
  useEffect(() => {
    if (needsPolling || settleUntil === 0) return;
    const t = setInterval(() => (Date.now() > settleUntil ? setSettleUntil(0) : void refresh()), 3000);
    return () => clearInterval(t);
  }, [needsPolling, settleUntil, refresh]);
  const shownStage = useRef<string | null>(null);
  useEffect(() => {
    if (stage === null) return;
    if (shownStage.current !== null && shownStage.current !== stage) router.refresh();
    shownStage.current = stage;
  }, [stage, router]);

  // Start waiting uploads, at most MAX_PARALLEL transfers at once.
  useEffect(() => {
    const active = uploads.filter((u) => u.phase === "uploading").length;
    const next = uploads.filter((u) => u.phase === "waiting").slice(0, Math.max(0, MAX_PARALLEL - active));
    for (const u of next) send(u);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uploads]);

  function send(u: Upload) {
    patch(u.key, { phase: "uploading", progress: 0 });
    const xhr = new XMLHttpRequest();
    xhr.open("POST", api);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) patch(u.key, { progress: e.loaded / e.total });
    };
    xhr.onerror = () => patch(u.key, { phase: "failed", error: "The upload was interrupted (network error). Retry to send it again.", errorCode: null });
    xhr.onload = () => {
      const body = xhr.response as { files?: Array<{ sha256: string; state: "queued" | "duplicate"; documentId?: string; existingFilename?: string }>; error?: { code?: string; message?: string } } | null;
      if (xhr.status >= 400 || !body?.files?.[0]) {
        patch(u.key, { phase: "failed", error: body?.error?.message ?? `The upload failed (${xhr.status}).`, errorCode: body?.error?.code });
        return;
      }
      const f = body.files[0];
      patch(u.key, {
        progress: 1,
        sha256: f.sha256,
        documentId: f.documentId,
        phase: f.state === "duplicate" ? "duplicate" : "queued",
        note: f.state === "duplicate" ? `Same content as ${f.existingFilename ?? "a document already here"}.` : undefined,
      });
      void refresh();
    };
    const form = new FormData();
    form.append("file", u.file, u.file.name);
    xhr.send(form);
  }

  function addFiles(list: FileList | File[]) {
    const files = Array.from(list);
    if (files.length === 0) return;
    setUploads((us) => [
      ...files.map<Upload>((file) => {
        const tooBig = file.size > maxUploadBytes;
        return {
          key: crypto.randomUUID(),
          file,
          filename: file.name,
          bytes: file.size,
          progress: 0,
          phase: tooBig ? "failed" : "waiting",
          error: tooBig ? `The file is ${formatBytes(file.size)}; the limit is ${formatBytes(maxUploadBytes)}.` : undefined,
          // sending it again cannot help: no Retry
          errorCode: tooBig ? "too_large:file" : undefined,
        };
      }),
      ...us,
    ]);
  }

  async function retryDocument(documentId: string, key?: string) {
    setBusy((b) => ({ ...b, [documentId]: true }));
    setActionError(null);
    try {
      const res = await fetch(`${api}/${documentId}/retry`, { method: "POST" });
      if (!res.ok) throw new Error(await errorMessageOf(res));
      setRetried((r) => new Set(r).add(documentId));
      if (key) patch(key, { phase: "queued", error: undefined });
      setDocs((ds) => ds.map((d) => (d.id === documentId ? { ...d, status: "uploaded", error: null } : d)));
      void refresh();
    } catch (e) {
      setActionError(e instanceof Error ? e.message : "Retry failed.");
    } finally {
      setBusy((b) => ({ ...b, [documentId]: false }));
    }
  }

  async function dismissDocument(documentId: string) {
    setBusy((b) => ({ ...b, [documentId]: true }));
    setActionError(null);
    try {
      const res = await fetch(`${api}/${documentId}`, { method: "DELETE" });
      if (!res.ok && res.status !== 404) throw new Error(await errorMessageOf(res));
      setDocs((ds) => ds.filter((d) => d.id !== documentId));
      setUploads((us) => us.filter((u) => u.documentId !== documentId));
    } catch (e) {
      setActionError(e instanceof Error ? e.message : "Could not dismiss.");
    } finally {
      setBusy((b) => ({ ...b, [documentId]: false }));
    }
  }

  function retryUpload(u: Upload) {
    if (u.documentId && u.sha256) void retryDocument(u.documentId, u.key);
    else patch(u.key, { phase: "waiting", error: undefined, errorCode: undefined, progress: 0 });
  }

  /** A failed upload goes: its document is deleted, or (never stored) it is only removed from the list. */
  function dismissUpload(u: Upload) {
    return u.documentId ? dismissDocument(u.documentId) : setUploads((us) => us.filter((x) => x.key !== u.key));
  }

  function clearFinished() {
    setUploads((us) => us.filter((u) => u.phase !== "indexed" && u.phase !== "duplicate"));
  }

  // A document that failed again after a retry says so, wherever its failure is shown.
  const shownDocs = useMemo(() => docs.map((d) => (d.status === "failed" && retried.has(d.id) ? { ...d, error: repeatedFailure(d.error) } : d)), [docs, retried]);

  return { docs: shownDocs, uploads, pollError, actionError, busy, addFiles, retryDocument, dismissDocument, retryUpload, dismissUpload, clearFinished };
}
