import { z } from 'zod';

/** Section titles of an interaction summary and of a booking's jobSummary (spec 000 §3). */
export const INTERACTION_SUMMARY_TITLES = ['Summary', 'Unbooked Reason', 'Excused Reason'] as const;
export const JOB_SUMMARY_TITLES = [
  'Scheduled Date',
  'Time Window',
  'Who will meet tech?',
  'Who will pay?',
  'Age of unit/equipment',
  'Add on',
  'Job type reasoning',
  'Summary',
] as const;

export const SummarySectionSchema = z.object({ title: z.string(), content: z.array(z.string()) });
export type SummarySection = z.infer<typeof SummarySectionSchema>;

/** The interaction's `summary`: sections of `{title, content[]}`. */
export const SummaryOutputSchema = z.object({ summary: z.array(SummarySectionSchema) });
export type SummaryOutput = z.infer<typeof SummaryOutputSchema>;

/** Exactly these titles, once each and in this order, each with some content. */
export function checkSections(output: SummaryOutput, titles: readonly string[]): string[] {
  const problems: string[] = [];
  const got = output.summary.map((s) => s.title);
  if (got.join('\u0000') !== titles.join('\u0000')) {
    problems.push(`summary must have exactly the sections ${JSON.stringify(titles)} in that order, got ${JSON.stringify(got)}`);
  }
  for (const section of output.summary) {
    if (section.content.every((line) => line.trim() === '')) problems.push(`section "${section.title}" has no content`);
  }
  return problems;
}
