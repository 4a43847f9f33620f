export interface SheetSection {
  heading: string;
  lines: string[];
}

/** The sheet's text (domain/agents/job-type-sheet.ts: a title, then a "## name (business unit)" section per job type) as parts to lay out. */
export function sheetSections(description: string): { title: string; sections: SheetSection[]; note: string[] } {
  const [title = '', ...chunks] = description.split('\n\n');
  const sections: SheetSection[] = [];
  const note: string[] = [];
  for (const chunk of chunks) {
    const [first, ...rest] = chunk.split('\n');
    if (first.startsWith('## ')) sections.push({ heading: first.slice(3), lines: rest });
    else if (sections.length > 0) sections[sections.length - 1].lines.push('', ...chunk.split('\n'));
    else note.push(chunk);
  }
  return { title, sections, note };
}
