import { readFileSync } from 'node:fs';
import { OFFLINE_PAGE_PATH } from '../../../website/adapters/offline/offline-website.adapter';
import { htmlToReadableText } from '../../../website/html-to-text';
import { AI_TASKS } from '../../ai-tasks/registry';
import { runAiTask } from '../../ai-tasks/run-ai-task';
import { OfflineLanguageEngine } from './offline.engine';
import { extractScriptVariables, type ScriptExtractionInput } from './script-variables-extraction';

const page = htmlToReadableText(readFileSync(OFFLINE_PAGE_PATH, 'utf8'));
const base: ScriptExtractionInput = {
  agentType: 'OFFICE_HOURS_CSR',
  orgName: 'Bluebonnet Heating, Cooling & Plumbing',
  agentName: 'Olivia',
  trades: ['HVAC'],
  website: { url: 'https://bluebonnethvac.example', ...page },
  currentVariables: {},
};

describe('offline script variables: read from the website text', () => {
  it("fills a CSR's variables from the stored contractor page", () => {
    const out = extractScriptVariables(base);
    expect(out.services).toEqual(['HVAC', 'Plumbing', 'Drains']);
    expect(out.office_hours).toBe('Monday - Friday: 7:00 AM - 6:00 PM; Saturday: 8:00 AM - 2:00 PM; Sunday: Closed (emergency service available)');
    expect(out.company_phone_number).toBe('+15125550142');
    expect(out.company_address).toBe('4807 Burnet Road, Suite 200, Austin, TX 78756');
    expect(out.regular_greeting).toBe('Thank you for calling Bluebonnet Heating, Cooling & Plumbing, this is Olivia. How can I help you today?');
    expect(out.faqs).toContain('Q: Do you offer emergency service? A: Yes. Our technicians are on call 24/7');
    expect((out.faqs as string).split('\n')).toHaveLength(4);
    expect(out.dispatch_fee_value_build).toContain('$89 diagnostic fee is waived');
    expect(out.do_not_service).toBe('We do not service commercial rooftop units or mobile homes.');
    expect(out.business_guidelines).toContain('Licensed and insured');
    expect(out.home_ownership_policy).toContain("Renters need the homeowner's or landlord's approval");
    expect(out.addons).toContain('Comfort Club');
    // Not a CSR variable: left null for this agent type.
    expect(out.sales_greeting).toBeNull();
    expect(out.review_link).toBeNull();
  });

  it('answers other text with other values, and null where the text says nothing', () => {
    const out = extractScriptVariables({
      ...base,
      orgName: 'Rapid Rooter',
      agentName: 'Sam',
      agentType: 'SALES_AGENT',
      trades: [],
      website: {
        url: 'https://rapidrooter.example',
        title: 'Rapid Rooter',
        text: '# Rapid Rooter\nSewer and drain cleaning for Tulsa homes.\n## Is hydro-jetting safe for old pipes?\nWe inspect with a camera first.\n## Contact\nCall 918-555-0199',
      },
    });
    expect(out.services).toEqual(['Plumbing', 'Drains']);
    expect(out.sales_greeting).toBe('Hi, this is Sam calling from Rapid Rooter.');
    expect(out.sales_faqs).toBe('Q: Is hydro-jetting safe for old pipes? A: We inspect with a camera first.');
    expect(out.do_not_service).toBeNull();
    expect(out.dispatch_fee_value_build).toBeNull();
    // Sales agents have no office hours or phone variable.
    expect(out.office_hours).toBeNull();
    expect(out.company_phone_number).toBeNull();
  });

  it('finds the review link for a happy-call agent and the phone without a tel: link', () => {
    const out = extractScriptVariables({ ...base, agentType: 'HAPPY_CALLS_AGENT' });
    expect(out.review_link).toBe('https://g.page/r/bluebonnet-hvac/review');
    expect(out.parting_message).toBe('Thank you for choosing Bluebonnet Heating, Cooling & Plumbing. Have a great day!');
    const receptionist = extractScriptVariables({
      ...base,
      agentType: 'RECEPTIONIST',
      website: { ...base.website, text: 'Reach us at (303) 555-0100 any weekday.' },
    });
    expect(receptionist.company_information).toBe('Phone: +13035550100');
  });

  it('falls back to the org trades when the text names none, and the task checks pass', async () => {
    const input = { ...base, trades: ['Electrical'], website: { url: 'x', title: 't', text: 'Welcome to our family business.' } };
    expect(extractScriptVariables(input).services).toEqual(['Electrical']);
    const result = await runAiTask(new OfflineLanguageEngine(), AI_TASKS.agent_script_variables, base);
    expect(result).toMatchObject({ ok: true, attempts: 1 });
  });
});
