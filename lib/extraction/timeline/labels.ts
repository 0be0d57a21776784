/**
 * An event type in words, as the timeline shows it beside the date ("Appointment", "Signed"):
 * the types the rules and the model extractors write, and any other in plain words.
 */
const LABELS: Record<string, string> = {
  directive_issued: "Directive issued",
  appointed: "Appointment",
  report_handed_over: "Report handed over",
  report_due: "Deadline",
  entry_into_force: "Entry into force",
  published: "Published",
  decision: "Decision",
  signed: "Signed",
  closing: "Closing",
  fiscal_year_end: "Fiscal year end",
  meeting: "Meeting",
};

export function eventTypeLabel(type: string): string {
  const known = LABELS[type];
  if (known) return known;
  const words = type.replace(/[_-]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Event";
}
