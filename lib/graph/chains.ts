/**
 * Supersession chains, as both graph stores build them from what their queries return: positions
 * (older versions negative, newer positive, the node itself 0), the chain's order, its current
 * version, and the newer versions of a set of nodes along version edges. Pure functions.
 */
import type { VersionEdge } from "./conflict";
import type { ChainNode } from "./types";

/** One id reached at a distance: `position` < 0 for older versions, > 0 for newer ones. */
export interface ChainStep {
  id: string;
  position: number;
}

/**
 * Positions by id. A node both older and newer (a cycle someone made by hand) keeps its first
 * position, so callers list the node itself, or the side that should win, first.
 */
export function chainPositions(steps: Iterable<ChainStep>): Map<string, number> {
  const position = new Map<string, number>();
  for (const s of steps) if (!position.has(s.id)) position.set(s.id, s.position);
  return position;
}

/** Oldest first, newest (authoritative) last; same level ordered by document date, then id. */
export function sortChain(nodes: ChainNode[]): ChainNode[] {
  return [...nodes].sort(
    (a, b) => a.position - b.position || (a.documentDate ?? "").localeCompare(b.documentDate ?? "") || a.id.localeCompare(b.id),
  );
}

/** The current version of a sorted chain: its last node (undefined for an empty chain). */
export function currentVersion(chain: ChainNode[]): ChainNode | undefined {
  return chain[chain.length - 1];
}

/** The ids and every newer version of them, following version edges from older (toId) to newer (fromId). */
export function withNewerVersions(ids: string[], edges: VersionEdge[]): Set<string> {
  const wanted = new Set(ids);
  const stack = [...ids];
  while (stack.length) {
    const n = stack.pop()!;
    for (const e of edges) {
      if (e.toId === n && !wanted.has(e.fromId)) {
        wanted.add(e.fromId);
        stack.push(e.fromId);
      }
    }
  }
  return wanted;
}
