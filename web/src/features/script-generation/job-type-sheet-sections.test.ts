import { describe, expect, it } from '@jest/globals';
import { sheetSections } from './job-type-sheet-sections';

describe('sheetSections', () => {
  it('lays out the sheet the workflow writes: its title, then a section per job type with its id and description', () => {
    // As domain/agents/job-type-sheet.ts formats it (the dashboard reads only the contracts of domain/).
    const text = [
      'Job types of Bluebonnet HVAC (2)',
      '## AC repair (HVAC Service)\nId: 101\nA cooling system that stopped.',
      '## Drain cleaning\nId: 205\nSlow drains.\n\nNot sewer lines.',
    ].join('\n\n');
    expect(sheetSections(text)).toEqual({
      title: 'Job types of Bluebonnet HVAC (2)',
      note: [],
      sections: [
        { heading: 'AC repair (HVAC Service)', lines: ['Id: 101', 'A cooling system that stopped.'] },
        // A description with a blank line stays in its own section.
        { heading: 'Drain cleaning', lines: ['Id: 205', 'Slow drains.', '', 'Not sewer lines.'] },
      ],
    });
  });

  it('shows the note of a CRM without job types', () => {
    expect(sheetSections('Job types of Empty Co\n\nThe CRM lists no job types for this organization yet.')).toEqual({
      title: 'Job types of Empty Co',
      note: ['The CRM lists no job types for this organization yet.'],
      sections: [],
    });
  });
});
