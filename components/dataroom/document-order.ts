import type { DocumentView } from "@/lib/ui/documents";

export interface OrderedDocument {
  d: DocumentView;
  group: string;
  /** Part of a version group with more than one document. */
  grouped: boolean;
}

/** Documents ordered by version group (first seen first), newest version first inside a group. */
export function orderByVersionGroup(docs: DocumentView[]): OrderedDocument[] {
  const groupOf = (d: DocumentView) => d.versionGroup ?? d.id;
  const size = new Map<string, number>();
  for (const d of docs) size.set(groupOf(d), (size.get(groupOf(d)) ?? 0) + 1);
  const firstSeen = new Map<string, number>();
  docs.forEach((d, i) => firstSeen.has(groupOf(d)) || firstSeen.set(groupOf(d), i));
  return [...docs]
    .map((d) => ({ d, group: groupOf(d), grouped: (size.get(groupOf(d)) ?? 0) > 1 }))
    .sort((a, b) => firstSeen.get(a.group)! - firstSeen.get(b.group)! || a.d.supersededBy.length - b.d.supersededBy.length || a.d.filename.localeCompare(b.d.filename));
}

/** The extraction tasks' state in a few words, or null when none were queued. */
export function extractionLabel(t: DocumentView["tasks"]): string | null {
  const total = t.pending + t.running + t.completed + t.failed;
  if (total === 0) return null;
  if (t.failed > 0) return `extraction: ${t.failed} failed`;
  if (t.pending + t.running > 0) return `extracting (${t.completed}/${total})`;
  return "extracted";
}
