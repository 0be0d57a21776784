"use client";

import { useEffect, useMemo, useRef } from "react";
import { cellGridPosition as parseCellRef, columnName, type Cell, type Range } from "@/lib/ui/highlight";

/** Page text with the highlighted ranges as <mark> (text, DOCX, and the PDF page text). */
export function MarkedText({ text, ranges, scrollToMark = true, className = "" }: { text: string; ranges: Range[]; scrollToMark?: boolean; className?: string }) {
  const first = useRef<HTMLElement>(null);
  useEffect(() => {
    if (scrollToMark) first.current?.scrollIntoView({ block: "center" });
  }, [scrollToMark, ranges]);
  const parts: React.ReactNode[] = [];
  let at = 0;
  ranges.forEach((r, i) => {
    if (r.start > at) parts.push(text.slice(at, r.start));
    parts.push(
      <mark key={i} ref={i === 0 ? first : undefined} data-testid="highlight" className="rounded-sm bg-yellow-200 px-0.5 text-slate-900">
        {text.slice(r.start, r.end)}
      </mark>,
    );
    at = Math.max(at, r.end);
  });
  if (at < text.length) parts.push(text.slice(at));
  return <div className={`whitespace-pre-wrap break-words font-serif text-[15px] leading-7 text-slate-800 ${className}`}>{parts}</div>;
}

/** A sheet page as a grid (column letters, row numbers) with highlighted cells. */
export function SheetGrid({ cells, highlighted, sheetName }: { cells: Cell[]; highlighted: string[]; sheetName: string | null }) {
  const { grid, cols, rows } = useMemo(() => {
    const grid = new Map<string, Cell>();
    let cols = 0;
    let rows = 0;
    for (const c of cells) {
      const p = parseCellRef(c.ref);
      if (!p) continue;
      grid.set(`${p.row}:${p.col}`, c);
      cols = Math.max(cols, p.col + 1);
      rows = Math.max(rows, p.row + 1);
    }
    return { grid, cols: Math.min(cols, 60), rows: Math.min(rows, 2000) };
  }, [cells]);
  const hi = useMemo(() => new Set(highlighted.map((h) => h.toLowerCase())), [highlighted]);
  const first = useRef<HTMLTableCellElement>(null);
  useEffect(() => {
    first.current?.scrollIntoView({ block: "center", inline: "center" });
  }, [highlighted]);
  let marked = false;
  return (
    <div className="max-h-[75vh] overflow-auto rounded-md border border-slate-200 bg-white">
      <table className="border-collapse text-sm" aria-label={sheetName ? `Sheet ${sheetName}` : "Sheet"}>
        <thead className="sticky top-0 z-10 bg-slate-100">
          <tr>
            <th scope="col" className="sticky left-0 z-20 border border-slate-200 bg-slate-100 px-2 py-1 text-xs font-medium text-slate-500">
              <span className="sr-only">Row</span>
            </th>
            {Array.from({ length: cols }, (_, c) => (
              <th key={c} scope="col" className="min-w-20 border border-slate-200 px-2 py-1 text-xs font-medium text-slate-500">
                {columnName(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, r) => (
            <tr key={r}>
              <th scope="row" className="sticky left-0 border border-slate-200 bg-slate-50 px-2 py-1 text-right text-xs font-medium text-slate-500">
                {r + 1}
              </th>
              {Array.from({ length: cols }, (_, c) => {
                const cell = grid.get(`${r}:${c}`);
                const on = cell ? hi.has(cell.ref.toLowerCase()) : false;
                const isFirst = on && !marked;
                if (isFirst) marked = true;
                return (
                  <td
                    key={c}
                    ref={isFirst ? first : undefined}
                    data-testid={on ? "highlight" : undefined}
                    data-cell={cell?.ref}
                    title={cell?.ref}
                    className={`max-w-72 truncate border border-slate-200 px-2 py-1 ${cell?.num !== undefined ? "text-right tabular-nums" : ""} ${
                      on ? "bg-yellow-200 font-semibold outline-2 -outline-offset-2 outline-yellow-500" : ""
                    }`}
                  >
                    {cell?.value ?? ""}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
