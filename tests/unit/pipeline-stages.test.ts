import { describe, expect, it } from "vitest";
import { directiveCitations, identifyProcessDocument, planProcesses, type DetectInputDoc } from "@/lib/pipeline/processes";
import { documentTaskKey, planDocumentTasks, relationTaskKey } from "@/lib/pipeline/rules";
import { computeDealStage, type DealEvidence } from "@/lib/pipeline/stages/deal";
import { computeProcessStage, explainProcessStage, type GatheredProcessEvidence, type ProcessEvidence } from "@/lib/pipeline/stages/process";

const none: ProcessEvidence = { hasDirective: false, hasSou: false, hasSouPublishedEvent: false, hasRemissEvents: false, hasProposition: false, hasLaw: false };

describe("process stage machine, with Swedish explanations", () => {
  const cases: [string, Partial<ProcessEvidence>, string, string][] = [
    ["nothing known", {}, "directive", "Processen har inletts, närmare uppgifter saknas ännu"],
    ["a directive", { hasDirective: true }, "directive", "Direktiv utfärdat, utredningsarbete pågår"],
    ["an SOU without proof of publication", { hasDirective: true, hasSou: true }, "writing", "Betänkandet har kommit in men är ännu inte bekräftat som publicerat"],
    ["a published event without an SOU is not enough", { hasSouPublishedEvent: true }, "directive", "Processen har inletts, närmare uppgifter saknas ännu"],
    ["an SOU with its published event", { hasSou: true, hasSouPublishedEvent: true }, "published", "Betänkandet publicerat och tillgängligt för remiss"],
    ["remiss", { hasSou: true, hasSouPublishedEvent: true, hasRemissEvents: true }, "remiss", "Betänkandet är ute på remiss för synpunkter från remissinstanserna"],
    ["a proposition", { hasSou: true, hasRemissEvents: true, hasProposition: true }, "proposition", "Regeringens proposition har lämnats till riksdagen"],
    ["a law", { hasProposition: true, hasLaw: true }, "law", "Lagen är antagen och har trätt i kraft"],
  ];
  it.each(cases)("%s", (_, ev, stage, text) => {
    expect(computeProcessStage({ ...none, ...ev })).toMatchObject({ stage, explanation: text });
  });

  it("stores the evidence beside the explanation", () => {
    const ev: GatheredProcessEvidence = {
      ...none, hasSou: true, hasSouPublishedEvent: true,
      proof: {
        hasSou: { kind: "document", id: "d", documentId: "d", filename: "SOU_2014_67.txt" },
        hasSouPublishedEvent: { kind: "timeline_event", id: "e", documentId: "d", filename: "SOU_2014_67.txt", page: 1, eventType: "published", eventDate: "2014-01-01", datePrecision: "year" },
      },
    };
    expect(explainProcessStage(computeProcessStage(ev), ev)).toBe("Betänkandet publicerat och tillgängligt för remiss. Belägg: publicering 2014 (SOU_2014_67.txt, s. 1).");
    const writing = { ...ev, hasSouPublishedEvent: false };
    expect(explainProcessStage(computeProcessStage(writing), writing)).toBe("Betänkandet har kommit in men är ännu inte bekräftat som publicerat. Belägg: SOU_2014_67.txt.");
  });
});

const base: DealEvidence = {
  documents: { total: 12, inFlight: 0, indexed: 12, failed: 0 }, documentsNotExtracted: 0,
  tasks: { pending: 0, running: 0, failed: 0 }, findings: 148, events: 20, entities: 9, reviewItems: 0, contradictions: 0,
};

describe("deal stage machine", () => {
  it("walks empty → ingesting → indexed → extracting → in_review → gaps_open → ready, stating the evidence", () => {
    expect(computeDealStage({ ...base, documents: { total: 0, inFlight: 0, indexed: 0, failed: 0 } })).toEqual({ stage: "empty", explanation: "No documents uploaded yet." });
    expect(computeDealStage({ ...base, documents: { total: 2, inFlight: 0, indexed: 0, failed: 2 }, findings: 0, events: 0, entities: 0 }))
      .toMatchObject({ stage: "empty", explanation: "No document could be indexed: 0 documents indexed, 2 failed to ingest, 0 findings promoted, 0 items await review, 0 contradictions." });
    expect(computeDealStage({ ...base, documents: { total: 12, inFlight: 3, indexed: 9, failed: 0 } }).stage).toBe("ingesting");
    expect(computeDealStage({ ...base, documentsNotExtracted: 3 })).toMatchObject({ stage: "indexed", explanation: expect.stringMatching(/^Indexed; extraction not started for 3 documents: 12 documents indexed/) });
    expect(computeDealStage({ ...base, tasks: { pending: 4, running: 2, failed: 0 } })).toMatchObject({ stage: "extracting", explanation: expect.stringContaining("6 tasks queued or running") });
    expect(computeDealStage({ ...base, reviewItems: 3, contradictions: 2 })).toEqual({
      stage: "in_review",
      explanation: "Awaiting review: 12 documents indexed, 148 findings promoted, 20 timeline events, 9 entities, 3 items await review, 2 contradictions.",
    });
    expect(computeDealStage({ ...base, contradictions: 1 }).stage).toBe("in_review");
    expect(computeDealStage({ ...base, tasks: { pending: 0, running: 0, failed: 1 } })).toMatchObject({ stage: "in_review", explanation: expect.stringContaining("1 task failed") });
    // The same gap count the deals list and the IRL page show (coverage, not the request status).
    expect(computeDealStage({ ...base, irl: { total: 40, gaps: 5, partial: 0 } })).toMatchObject({ stage: "gaps_open", explanation: expect.stringContaining("5 IRL gaps of 40 IRL items") });
    expect(computeDealStage({ ...base, irl: { total: 40, gaps: 5, partial: 2 } }).explanation).toContain("5 IRL gaps and 2 partly covered of 40 IRL items");
    expect(computeDealStage({ ...base, irl: { total: 40, gaps: 0, partial: 1 } }).stage).toBe("gaps_open");
    expect(computeDealStage({ ...base, irl: { total: 40, gaps: 0, partial: 0 } }).stage).toBe("ready");
    expect(computeDealStage(base)).toEqual({ stage: "ready", explanation: "Ready: 12 documents indexed, 148 findings promoted, 20 timeline events, 9 entities, 0 items await review, 0 contradictions." });
    expect(computeDealStage({ ...base, documents: { total: 1, inFlight: 0, indexed: 1, failed: 0 }, findings: 1, reviewItems: 1 }).explanation)
      .toBe("Awaiting review: 1 document indexed, 1 finding promoted, 20 timeline events, 9 entities, 1 item awaits review, 0 contradictions.");
  });
});

/** Front matter as inquiries and directives print it (title page, series line, decision date). */
const HEADS = {
  sou2014: "Inbyggd integritet inom Skatteverket\n\nBetänkande av Utredningen om Skatteverkets behandling av personuppgifter\n\nStockholm 2014\n\nSOU 2014:67",
  sou1972: "STATENS OFFENTLIGA UTREDNINGAR 1972:47\nJustitiedepartementet\n\nNY LAGSTIFTNING OM\nAVTALSVILLKOR",
  dir2016: "Kommittédirektiv\n\nEn översyn av reglerna om skatteförfarandet\n\nDir. 2016:15\n\nBeslut vid regeringssammanträde den 18 februari 2016",
  dir2017: "Kommittédirektiv\n\nTilläggsdirektiv till Utredningen om skatteförfarandet (Fi 2016:02)\n\nDir. 2017:29\n\nBeslut vid regeringssammanträde den 16 mars 2017",
};
/** An SOU's pages: the handover letter on page 3 names its directives; body text names others later. */
const SOU_PAGES = [
  "Inbyggd integritet inom Skatteverket\nSOU 2014:67",
  "",
  "Till statsrådet\nRegeringen beslutade den 19 december 2013 att tillkalla en särskild utredare (dir. 2013:83). Genom tilläggsdirektiv den 9 oktober 2014 (dir. 2014:89) förlängdes tiden.",
  "Bakgrund\nFrågan behandlades också av Skatteförfarandeutredningen (dir. 2008:11) och nämns åter här (dir. 2013:83).",
];

describe("process detection", () => {
  it("identifies SOUs and directives by filename and by front matter", () => {
    expect(identifyProcessDocument({ filename: "SOU_2014_67.txt" })).toMatchObject({ type: "sou", key: "sou-2014-67", label: "SOU 2014:67", source: "filename" });
    expect(identifyProcessDocument({ filename: "sou-1972-47.pdf" })).toMatchObject({ key: "sou-1972-47" });
    expect(identifyProcessDocument({ filename: "Dir_2016_15.txt" })).toMatchObject({ type: "directive", key: "dir-2016-15", label: "Dir. 2016:15" });
    expect(identifyProcessDocument({ filename: "dir_2017_29.pdf" })).toMatchObject({ key: "dir-2017-29" });
    expect(identifyProcessDocument({ filename: "betankande.txt", kind: "public inquiry", headText: HEADS.sou2014 })).toMatchObject({ key: "sou-2014-67", source: "text" });
    expect(identifyProcessDocument({ filename: "scan.txt", kind: "public inquiry", headText: HEADS.sou1972 })).toMatchObject({ key: "sou-1972-47", source: "text" });
    expect(identifyProcessDocument({ filename: "direktiv.pdf", headText: HEADS.dir2016 })).toMatchObject({ key: "dir-2016-15", source: "text" });
    expect(identifyProcessDocument({ filename: "tillagg.pdf", headText: HEADS.dir2017 })).toMatchObject({ key: "dir-2017-29" });
    // An annual report quoting an inquiry is not an inquiry.
    expect(identifyProcessDocument({ filename: "Annual_Report_2023.pdf", kind: "annual report", headText: "As proposed in SOU 2014:67 the rules change." })).toBeNull();
  });

  it("finds directive citations with their page", () => {
    const pages = SOU_PAGES.map((text, i) => ({ page: i + 1, text }));
    const c = directiveCitations(pages);
    expect(c.get("dir-2013-83")).toMatchObject({ page: 3 }); // the first mention, not the later one
    expect(c.get("dir-2014-89")).toMatchObject({ page: 3 });
    expect(c.get("dir-2008-11")).toMatchObject({ page: 4 });
    expect([...c.keys()].sort()).toEqual(["dir-2008-11", "dir-2013-83", "dir-2014-89"]);
  });

  it("links a directive to the SOU that cites it; an uncited directive is its own process; additional directives follow", () => {
    const sou: DetectInputDoc = { id: "s", filename: "SOU_2014_67.txt", citations: new Map([["dir-2013-83", { page: 3, offset: 10 }]]) };
    const other: DetectInputDoc = { id: "o", filename: "SOU_2015_1.txt", citations: new Map([["dir-2013-83", { page: 90, offset: 0 }]]) };
    const dir: DetectInputDoc = { id: "d", filename: "Dir_2013_83.pdf", citations: new Map() };
    const extra: DetectInputDoc = { id: "x", filename: "Dir_2014_89.pdf", citations: new Map([["dir-2013-83", { page: 1, offset: 5 }]]) };
    const lone: DetectInputDoc = { id: "l", filename: "Dir_2016_15.txt", citations: new Map() };
    const lonesExtra: DetectInputDoc = { id: "le", filename: "Dir_2017_29.txt", citations: new Map([["dir-2016-15", { page: 1, offset: 0 }]]) };
    const plan = planProcesses([other, lonesExtra, dir, lone, sou, extra, { id: "ar", filename: "Annual_Report.pdf" }]);
    const byKey = Object.fromEntries(plan.map((p) => [p.key, p.documents.map((d) => `${d.documentId}:${d.role}`).sort()]));
    expect(byKey).toEqual({
      "sou-2014-67": ["d:directive", "s:sou", "x:directive"],
      "sou-2015-1": ["o:sou"],
      "dir-2016-15": ["l:directive", "le:directive"],
    });
    expect(plan.find((p) => p.key === "sou-2014-67")!.documents.find((d) => d.documentId === "d")!.reason).toBe("Dir. 2013:83 citeras i SOU 2014:67 s. 3");
  });
});

describe("delegation rules", () => {
  const doc = { id: "11111111-1111-1111-1111-111111111111", sha256: "ab".repeat(32), format: "pdf", kind: "annual report", page_count: 10 };
  it("queues findings for every document, timeline and entities for all but spreadsheets (cap tables keep entities)", () => {
    expect(planDocumentTasks(doc).tasks).toEqual(["findings_extraction", "timeline_extraction", "entity_extraction"]);
    expect(planDocumentTasks({ ...doc, format: "xlsx", kind: "spreadsheet" })).toMatchObject({ tasks: ["findings_extraction"], skipped: [{ taskType: "timeline_extraction" }, { taskType: "entity_extraction" }] });
    expect(planDocumentTasks({ ...doc, format: "xlsx", kind: "cap table" }).tasks).toEqual(["findings_extraction", "entity_extraction"]);
    expect(planDocumentTasks({ ...doc, page_count: 0 }).tasks).toEqual([]);
  });
  it("keys work by type, document, content and handler version", () => {
    expect(documentTaskKey("findings_extraction", doc)).toBe(`findings_extraction:${doc.id}:abababababababab:v1`);
    expect(relationTaskKey("deal", ["b", "a"])).toBe(relationTaskKey("deal", ["a", "b"]));
    expect(relationTaskKey("deal", ["a"])).not.toBe(relationTaskKey("deal", ["a", "b"]));
  });
});
