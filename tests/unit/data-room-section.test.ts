/**
 * The system prompt's data room section lists each company with its tickers, and the offline
 * model reads the same companies and tickers back from it: what a remote model is told is what
 * the offline reader knows.
 */
import { describe, expect, it } from "vitest";
import { dataRoomCompanies } from "@/lib/agent/offline/evidence-path";
import { dataRoomSection } from "@/lib/agent/system-prompt";

const prompt = (system: string) => [{ role: "system" as const, content: system }];

describe("data room section", () => {
  it("round-trips companies and their tickers through the prompt", () => {
    const section = dataRoomSection([
      { company: "ALDERWICK INSTRUMENTS, INC.", tickers: ["ALDW", "ALDW.B"], documents: [{ filename: "A_2022.pdf", kind: "10-K", fiscalYear: 2022, fiscalPeriod: "FY" }] },
      { company: "Brindlemoor Foods Corporation", documents: [{ filename: "B_2021.pdf", kind: "10-K", fiscalYear: 2021, fiscalPeriod: "FY" }] },
      { company: "", documents: [{ filename: "notes.txt", kind: null, fiscalYear: null, fiscalPeriod: null }] },
    ]);
    expect(section).toContain("ALDERWICK INSTRUMENTS, INC. (ticker ALDW, ALDW.B): A_2022.pdf");
    expect(dataRoomCompanies(prompt(`Intro\n${section}\n\n# Next`))).toEqual([
      { name: "ALDERWICK INSTRUMENTS, INC.", tickers: ["ALDW", "ALDW.B"] },
      { name: "Brindlemoor Foods Corporation", tickers: [] },
    ]);
  });
});
