/** A label as a finding key's part: lower case, "&" as "and", other non-letters as "_", at most `max` characters. */
export function keySlug(label: string, max = 60, empty = "row"): string {
  return label.toLowerCase().replace(/&/g, " and ").replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, max) || empty;
}
