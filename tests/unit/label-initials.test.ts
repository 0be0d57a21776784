/** The deal's own labels by their initials ("dcai" → "Data Center and AI"), read by get_line_items (lib/agent/evidence/line-items.ts). */
import { describe, expect, it } from "vitest";
import { labelInitials } from "@/lib/agent/evidence/line-items";
import type { TableFindingRow } from "@/lib/db/queries/evidence";

const row = (label: string, title = "Operating segment results", context: string[] = ["Net revenue"]): TableFindingRow => ({
  candidate_key: `part:${label}`, status: "validated", page: 9, document_id: "d", filename: "ACME_Q1.pdf", fiscal_year: 2023, document_date: null,
  payload: { metric: `${label} — ${context[0]}`, part: { label, title, context } },
});

describe("initials of the deal's labels", () => {
  it("read a name's initials, an initialism inside it whole, and skip its joining words", () => {
    const m = labelInitials([row("Data Center and AI"), row("Network and Edge"), row("Client Computing Group"), row("Mobility & Autonomous Driving Solutions")]);
    expect(m.get("dcai")).toBe("data center and ai");
    expect(m.get("ccg")).toBe("client computing group");
    expect(m.get("mads")).toBe("mobility & autonomous driving solutions");
  });

  it("read a part abbreviated with the company's initial first, never over a label's own initials", () => {
    const m = labelInitials([row("Global Services"), row("Commercial Airplanes"), row("Data Center and AI")], "The Acme Company");
    expect(m.get("ags")).toBe("global services");
    expect(m.get("aca")).toBe("commercial airplanes");
    expect(m.get("dcai")).toBe("data center and ai");
    // without a company, two-word names have no initials of three letters
    expect(labelInitials([row("Global Services")]).has("ags")).toBe(false);
  });

  it("leave out initials two different names share, and two-letter ones", () => {
    const m = labelInitials([row("Cloud Services"), row("Consumer Software"), row("Personal Computing Devices"), row("Pacific Coast Division")]);
    expect(m.has("pcd")).toBe(false);
    expect(m.has("cs")).toBe(false);
  });
});
