/**
 * The plan must cover the request: a figure the request names that no item asks is the run's
 * failure, listed with the items and counted in the badge, so a run never validates while part of
 * the request went unread; a request every part of which is an item has none.
 */
import { describe, expect, it } from "vitest";
import { readItems } from "@/lib/agent/reader/items";
import { unreadParts } from "@/lib/agent/mode/unread-parts";
import { writeItemsAnswer } from "@/lib/agent/mode/item-answer";
import { checkItem } from "@/lib/agent/mode/item-gate";

describe("parts of a request no item asks", () => {
  it("names the figures a plan left out, on several wordings", () => {
    const plan = readItems("How many people did they employ in 2019?", []).items;
    expect(unreadParts("How many people did they employ in 2019, what was staff turnover, and net income vs 2018 with the change?", plan)).toEqual(["staff turnover", "net income"]);
    expect(unreadParts("Headcount in 2019; also operating cash flow and capex", readItems("Headcount in 2019", []).items)).toEqual(["operating cash flow", "capex"]);
    expect(unreadParts("I want revenue growth vs fiscal 2015 and gross margin", readItems("gross margin", []).items)).toEqual(["revenue"]);
  });

  it("finds none when every figure the request names is an item, whatever its wording", () => {
    for (const request of [
      "Net sales, net earnings and FCF for 2020, 2021 and 2022",
      "Intel 2020: which segment is largest by revenue and how much did it bring in, gross margin percentage, R&D spend and capex",
      "For fiscal 2023: cash from operations, capital expenditures and the capex outlook for 2024, headcount, and the main risk factors.",
      "Boeing 2018 vs 2017 - revenues, earnings from operations and operating margin, with the change in each",
    ]) {
      expect(unreadParts(request, readItems(request, []).items), request).toEqual([]);
    }
  });

  it("lists an unread part as not answered in this run and counts it in the badge", () => {
    const item = readItems("Headcount in 2019", []).items[0]!;
    const check = checkItem(item, [{ item: 1, question: "q", text: "", sources: [], toolCalls: [], ms: 0, batch: 1, skipped: true }]);
    const written = writeItemsAnswer([check], "Insufficient documentation", ["staff turnover"]);
    expect(written.answer).toContain("**Staff turnover**: not answered in this run");
    expect(written.badge).toBe("0 of 1 item answered from sources, 1 not answered in this run, 1 part of the request not read");
  });
});
