"use client";

import { useRef, useState } from "react";
import { formatBytes } from "@/lib/ui/urls";

/** Drag-and-drop target and file picker for many files at once. */
export function Dropzone({ maxUploadBytes, onFiles }: { maxUploadBytes: number; onFiles: (files: FileList) => void }) {
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onFiles(e.dataTransfer.files);
      }}
      className={`flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center transition ${
        dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-white"
      }`}
      data-testid="dropzone"
    >
      <p className="text-sm text-slate-700">
        <span className="font-medium">Drop files here</span> or{" "}
        <button type="button" onClick={() => inputRef.current?.click()} className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
          choose files
        </button>
      </p>
      <p className="text-xs text-slate-500">PDF, XLSX, CSV, DOCX or text · up to {formatBytes(maxUploadBytes)} each · many at once</p>
      <label htmlFor="file-input" className="sr-only">
        Choose files to upload
      </label>
      <input
        id="file-input"
        ref={inputRef}
        type="file"
        multiple
        className="sr-only"
        data-testid="file-input"
        onChange={(e) => {
          if (e.target.files) onFiles(e.target.files);
          e.target.value = "";
        }}
      />
    </div>
  );
}
