"use client";

import { useEffect, useRef, useState } from "react";
import type { Box } from "@/lib/ui/highlight";

type PdfJs = typeof import("pdfjs-dist/build/pdf.mjs");
type PdfDoc = Awaited<ReturnType<PdfJs["getDocument"]>["promise"]>;

let pdfjsPromise: Promise<PdfJs> | null = null;
function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import("pdfjs-dist/build/pdf.mjs").then((m) => {
    m.GlobalWorkerOptions.workerSrc = "/api/pdfjs/build/pdf.worker.min.mjs";
    return m;
  });
  return pdfjsPromise;
}

const docs = new Map<string, Promise<PdfDoc>>();
function loadDoc(url: string): Promise<PdfDoc> {
  let p = docs.get(url);
  if (!p) {
    p = loadPdfJs().then((pdfjs) => pdfjs.getDocument({ url, isEvalSupported: false, standardFontDataUrl: "/api/pdfjs/standard_fonts/", cMapUrl: "/api/pdfjs/cmaps/", cMapPacked: true }).promise);
    p.catch(() => docs.delete(url));
    docs.set(url, p);
  }
  return p;
}

/**
 * One PDF page drawn with pdf.js on a canvas, fitted to the container width, with highlight
 * boxes (PDF user space, origin top-left) drawn over it and scrolled into view.
 */
export function PdfPage({ fileUrl, page, pageWidth, pageHeight, boxes, label }: { fileUrl: string; page: number; pageWidth: number | null; pageHeight: number | null; boxes: Box[]; label: string }) {
  const wrap = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const [size, setSize] = useState<{ w: number; h: number } | null>(pageWidth && pageHeight ? { w: pageWidth, h: pageHeight } : null);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");

  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.floor(el.clientWidth)));
    ro.observe(el);
    setWidth(Math.floor(el.clientWidth));
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    if (!width) return;
    let cancelled = false;
    let task: { cancel: () => void; promise: Promise<unknown> } | null = null;
    setState((s) => (s === "ready" ? s : "loading"));
    void (async () => { // errors end in the catch below
      try {
        const doc = await loadDoc(fileUrl);
        const p = await doc.getPage(page);
        if (cancelled) return;
        const base = p.getViewport({ scale: 1 });
        const scale = width / base.width;
        const viewport = p.getViewport({ scale });
        const dpr = Math.min(window.devicePixelRatio || 1, 2);
        const c = canvas.current;
        if (!c) return;
        c.width = Math.floor(viewport.width * dpr);
        c.height = Math.floor(viewport.height * dpr);
        c.style.width = `${Math.floor(viewport.width)}px`;
        c.style.height = `${Math.floor(viewport.height)}px`;
        setSize({ w: base.width, h: base.height });
        task = p.render({ canvas: c, viewport, transform: dpr !== 1 ? [dpr, 0, 0, dpr, 0, 0] : undefined });
        await task.promise;
        if (!cancelled) setState("ready");
      } catch (e) {
        if (!cancelled && (e as { name?: string })?.name !== "RenderingCancelledException") setState("error");
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [fileUrl, page, width]);

  const scale = size && width ? width / size.w : 0;
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state === "ready" && boxes.length > 0) first.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [state, boxes]);

  return (
    <div ref={wrap} className="relative w-full">
      <div className="relative mx-auto overflow-hidden rounded-md bg-white shadow ring-1 ring-slate-200" style={size && scale ? { width: Math.floor(size.w * scale), height: Math.floor(size.h * scale) } : { minHeight: 400 }}>
        <canvas ref={canvas} role="img" aria-label={label} className="block" data-testid="pdf-canvas" data-rendered={state === "ready" ? "true" : "false"} />
        {scale > 0 &&
          boxes.map((b, i) => (
            <div
              key={i}
              ref={i === 0 ? first : undefined}
              data-testid="highlight"
              aria-hidden="true"
              className="pointer-events-none absolute rounded-sm bg-yellow-300/45 mix-blend-multiply ring-1 ring-yellow-500/60"
              style={{ left: (b.x - 1) * scale, top: (b.y - 1) * scale, width: (b.width + 2) * scale, height: (b.height + 2) * scale }}
            />
          ))}
        {state === "loading" && (
          <div role="status" className="absolute inset-0 flex items-center justify-center text-sm text-slate-500">
            Rendering page {page}…
          </div>
        )}
        {state === "error" && (
          <div role="alert" className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-red-700">
            The PDF could not be drawn in this browser. The page text is shown below.
          </div>
        )}
      </div>
    </div>
  );
}
