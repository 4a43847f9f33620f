import { describe, expect, it } from '@jest/globals';
import { buildAgentToolSchemas } from './tool-schemas';

const ORG = '7d5f2a34-4a5e-4c1f-9d0e-2b8e0c1a9f11';
const base = { orgId: ORG, apiBaseUrl: 'https://api.example.test/' };

describe('buildAgentToolSchemas', () => {
  it('points template tools at the org tool endpoint with the spec parameters', () => {
    const [booking, end, digit] = buildAgentToolSchemas({ ...base, templateTools: ['create_action_job_booking', 'end_call', 'press_digit'] });
    expect(booking).toMatchObject({
      type: 'http',
      name: 'create_action_job_booking',
      url: `https://api.example.test/voice-agent/tool/${ORG}`,
      method: 'POST',
      query_params: { doNotService: 'true' },
    });
    expect(booking.parameters?.required).toEqual([
      'appointment_time',
      'job_type_id',
      'business_unit_id',
      'address',
      'is_emergency_slot',
      'full_name',
      'phone_number',
    ]);
    expect(end).toEqual({ type: 'end_call', name: 'end_call', description: expect.any(String) });
    expect(digit).toMatchObject({ type: 'press_digit', delay_ms: 1000 });
  });

  it('swaps tool versions by the feature flags', () => {
    const plain = buildAgentToolSchemas({ ...base, templateTools: ['get_capacity', 'create_action_job_cancel', 'create_action_job_reschedule'] });
    expect(plain.map((t) => t.name)).toEqual(['get_capacity', 'create_action_job_cancel', 'create_action_job_reschedule']);
    expect(plain[0].parameters?.required).not.toContain('zipcode');
    expect(plain[1].parameters?.required).toEqual(['appointment_time', 'address']);

    const flagged = buildAgentToolSchemas({
      ...base,
      templateTools: ['get_capacity', 'create_action_job_cancel', 'create_action_job_reschedule'],
      flags: { has_zones: true, full_reschedule_and_cancel: true },
    });
    expect(flagged[0]).toMatchObject({ name: 'get_capacity_zones' });
    expect(flagged[0].parameters?.required).toContain('zipcode');
    expect(flagged[1].parameters?.required).toEqual(['appointment_time', 'address', 'job_id']);
    expect(flagged[2].parameters?.required).toEqual(['new_appointment_time', 'original_appointment_time', 'address', 'job_id']);
  });

  it('replaces {org_id} in custom tool urls and query values', () => {
    const [tool] = buildAgentToolSchemas({
      ...base,
      templateTools: [],
      customTools: [{ name: 'lookup_warranty', url: 'https://hooks.example.test/{org_id}/warranty', query_params: { org: '{org_id}' }, timeout_ms: 5000 }],
    });
    expect(tool).toMatchObject({
      url: `https://hooks.example.test/${ORG}/warranty`,
      query_params: { org: ORG },
      timeout_ms: 5000,
      speak_after_execution: true,
    });
  });

  it('fails with the spec message for an unknown template type, and checks custom timeouts', () => {
    expect(() => buildAgentToolSchemas({ ...base, templateTools: ['check_customer', 'transfer_pizza'] })).toThrow(
      'Template tool schema not found for tool type: transfer_pizza',
    );
    expect(() => buildAgentToolSchemas({ ...base, templateTools: [], customTools: [{ name: 'x', url: 'https://x.test', timeout_ms: 999 }] })).toThrow(
      'timeout_ms must be between 1000 and 600000',
    );
  });
});
