"use client";

import type { DocumentView } from "@/lib/ui/documents";
import { DocumentsSection } from "./documents-table";
import { Dropzone } from "./dropzone";
import { FailedDocuments } from "./failed-documents";
import { UploadList } from "./upload-list";
import { useDataRoom } from "./use-data-room";

/** A deal's data room: upload with progress per file, failures until dismissed, the documents table. */
export function DataRoom({ deal, initialDocuments, maxUploadBytes }: { deal: string; initialDocuments: DocumentView[]; maxUploadBytes: number }) {
  const room = useDataRoom({ deal, initialDocuments, maxUploadBytes });
  const { docs, uploads } = room;
  const failedDocs = docs.filter((d) => d.status === "failed" && !uploads.some((u) => u.documentId === d.id));

  return (
    <div className="space-y-6">
      <section aria-labelledby="upload-heading">
        <h2 id="upload-heading" className="sr-only">
          Upload documents
        </h2>
        <Dropzone maxUploadBytes={maxUploadBytes} onFiles={room.addFiles} />
        {uploads.length > 0 && (
          <UploadList deal={deal} uploads={uploads} onRetry={room.retryUpload} onDismiss={room.dismissUpload} onClearFinished={room.clearFinished} />
        )}
        {room.actionError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {room.actionError}
          </p>
        )}
      </section>

      {failedDocs.length > 0 && <FailedDocuments docs={failedDocs} busy={room.busy} onRetry={room.retryDocument} onDismiss={room.dismissDocument} />}

      <DocumentsSection deal={deal} docs={docs} pollError={room.pollError} />
    </div>
  );
}
