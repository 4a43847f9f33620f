/** One job type of the sheet, with the description the language engine wrote for it. */
export interface JobTypeSheetEntry {
  id: string;
  name: string;
  businessUnitName: string | null;
  description: string;
}

/**
 * The job-type sheet (000 §7 POST /generate-job-type-sheet, 001 §2.12 "returns a description"): a readable
 * text with one section per job type, in the CRM's order.
 */
export function formatJobTypeSheet(orgName: string, entries: JobTypeSheetEntry[]): string {
  if (entries.length === 0) return `Job types of ${orgName}\n\nThe CRM lists no job types for this organization yet.`;
  const sections = entries.map((e) => `## ${e.name}${e.businessUnitName ? ` (${e.businessUnitName})` : ''}\nId: ${e.id}\n${e.description.trim()}`);
  return [`Job types of ${orgName} (${entries.length})`, ...sections].join('\n\n');
}
