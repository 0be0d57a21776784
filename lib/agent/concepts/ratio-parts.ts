/**
 * A rate's two figures as the catalog's formula defines it ("operating margin" = operating income /
 * revenue, "effective tax rate" = income tax expense / pre-tax income): the concepts a part's rate is
 * worked out from, and the one a filing may explain the rate's move through (its numerator).
 */
import { CATALOG } from "@/lib/metrics/catalog";
import { itemsOf } from "@/lib/metrics/expr";
import { CONCEPTS, type Concept } from "./catalog";

const ofLineItem = (key: string) => CONCEPTS.find((x) => x.lineItems?.includes(key as never));

/** The numerator and denominator concepts of a percent concept whose formula divides one line item by another. */
export function ratioParts(c: Concept): { top: Concept; bottom: Concept } | undefined {
  const f = c.metric ? CATALOG.find((e) => e.id === c.metric)?.formula : undefined;
  if (c.kind !== "percent" || !f || f.kind !== "op" || f.op !== "/") return undefined;
  const [top, bottom] = [itemsOf(f.left), itemsOf(f.right)];
  if (top.length !== 1 || bottom.length !== 1) return undefined;
  const [t, b] = [ofLineItem(top[0]!), ofLineItem(bottom[0]!)];
  return t && b ? { top: t, bottom: b } : undefined;
}

/**
 * The two figures of a part's rate: the catalog rate's own ("dcg op margin": operating income over
 * revenue), or the two the question divides ("optical comms net income / net sales").
 */
export function partRatioOf(r: { concepts: Concept[] }, c: Concept): { top: Concept; bottom: Concept } | undefined {
  return ratioParts(c) ?? (r.concepts.length === 2 ? { top: r.concepts[0]!, bottom: r.concepts[1]! } : undefined);
}
