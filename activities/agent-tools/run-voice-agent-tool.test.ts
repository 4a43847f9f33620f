import { describe, expect, it } from '@jest/globals';
import pino from 'pino';
import { vendorPort } from '../crm/adapters/vendor-port';
import { CrmError, type CrmPort } from '../crm/crm.port';
import type { AgentToolDeps } from './tool-context';
import type { OrganizationRow } from '../../events/projections/organizations/organizations.repository';
import { CRM_CANNOT_DO_IT, runVoiceAgentTool } from './run-voice-agent-tool';
import { type Customer } from '../../domain/crm/crm-records';

const ORG = {
  id: '3f0c1c7e-8a8e-4d0e-9b6e-0c6f3b9d2a11',
  name: 'Acme Air',
  timezone: 'America/Chicago',
  crmName: 'housecallpro',
} as unknown as OrganizationRow;
const DANA: Customer = { id: 'cus_1', name: 'Dana Whitfield', type: 'Residential', active: true, doNotService: false, contacts: [], locations: [] };

/** A tool call on a vendor CRM that implements only `implemented`, as the vendor adapters do. */
function call(implemented: Partial<CrmPort>, tool: string, args: Record<string, unknown>) {
  const warnings: string[] = [];
  const crm = vendorPort('Housecall Pro', implemented, { findLocationsByZip: "Housecall Pro's public API has no address search" });
  const deps = {
    crm: { provider: { forOrganization: () => crm } },
    logger: pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) }),
  } as unknown as AgentToolDeps;
  const answer = runVoiceAgentTool(deps, ORG, { tool, args, interactionId: null, toolCallId: null }, 'corr-1', new Date('2026-03-02T15:00:00Z'));
  return { answer, warnings };
}

describe('agent tools on a CRM without the operation they need', () => {
  it('tell the agent to offer a callback instead of failing the call', async () => {
    const { answer, warnings } = call({}, 'check_customer', { phoneNumber: '(512) 555-0101' });

    expect(await answer).toEqual({
      result: CRM_CANNOT_DO_IT,
      data: {
        unsupported: true,
        reason: "This organization's CRM (Housecall Pro) does not support find customers by phone: HomeAgent does not map it to Housecall Pro's API yet",
      },
    });
    expect(CRM_CANNOT_DO_IT).toMatch(/Offer the caller a callback from the office, and if they agree call create_action_callback_request\.$/);
    expect(warnings.join('\n')).toContain('does not support find customers by phone');
  });

  it('answer so when the gap is further in (a known address lookup, then the jobs of a known caller)', async () => {
    const address = call({ listZones: async () => [] }, 'check_address', {
      previouslyCalled: true,
      zipcode: '78701',
      streetNumber: '12',
      streetName: 'Elm St',
    });
    expect((await address.answer).result).toBe(CRM_CANNOT_DO_IT);

    const jobs = call({ findCustomersByPhone: async () => [DANA], listJobTypes: async () => [] }, 'get_jobs', { phone_number: '5125550101' });
    expect(await jobs.answer).toMatchObject({ result: CRM_CANNOT_DO_IT, data: { unsupported: true } });
  });

  it('still fail on a CRM that is down, so the platform sees an error rather than a made-up answer', async () => {
    const down = call(
      {
        findCustomersByPhone: async () => {
          throw new CrmError('UNAVAILABLE', 'Housecall Pro answered 503');
        },
      },
      'check_customer',
      { phoneNumber: '5125550101' },
    );
    await expect(down.answer).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
