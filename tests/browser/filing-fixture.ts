/**
 * A small annual report made up for the browser tests (no corpus company): a cover page whose
 * address is printed in columns with a comma after each part (as real 10-K covers print it), and an
 * income statement "(In millions …)" whose gross profit does not add up, so its lines wait for
 * review rather than being accepted.
 */
import { makeColumnsPdf } from "../helpers/fixtures";

export const FILING = {
  registrant: "Harbour Lumen Corporation",
  address: { parts: ["100 Quay Street,", "Portsmouth,", "Rhode Island"], zip: "02871", tidy: "100 Quay Street, Portsmouth, Rhode Island" },
  revenue: { printed: "49,960", period: "2023" },
};

export function filingPdf(): Promise<Uint8Array> {
  const [street, town, state] = FILING.address.parts;
  return makeColumnsPdf([
    [
      [["UNITED STATES SECURITIES AND EXCHANGE COMMISSION", 150]],
      [["FORM 10-K", 270]],
      [["ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934", 40]],
      [["For the fiscal year ended December 31, 2023", 190]],
      [[FILING.registrant, 220]],
      [["(Exact name of registrant as specified in its charter)", 160]],
      [[street!, 60], [town!, 250], [state!, 330], [FILING.address.zip, 480]],
      [["(Address of principal executive offices)", 60], ["(Zip Code)", 480]],
    ],
    [
      [["CONSOLIDATED STATEMENTS OF OPERATIONS", 180]],
      [["(In millions, except per share data)", 200]],
      [["Year Ended December 31,", 330]],
      [["2023", 350], ["2022", 450]],
      [["Revenue", 50], ["$", 320], [FILING.revenue.printed, 340], ["$", 420], ["45,120", 440]],
      [["Cost of revenue", 50], ["30,100", 340], ["27,400", 440]],
      [["Gross profit", 50], ["21,000", 340], ["17,720", 440]],
      [["Operating expenses", 50], ["9,000", 340], ["8,000", 440]],
      [["Operating income", 50], ["12,000", 340], ["9,720", 440]],
      [["Net income", 50], ["$", 320], ["9,100", 340], ["$", 420], ["7,300", 440]],
    ],
  ]);
}
