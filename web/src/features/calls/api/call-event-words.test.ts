import { describe, expect, it } from '@jest/globals';
import { describeInteractionEvent } from './call-event-words';

describe('interaction events in words', () => {
  it('says what happened on the call, from what each event records', () => {
    expect(describeInteractionEvent('create_call', { provider: 'retell', direction: 'inbound' })).toBe('Call came in through Retell AI');
    expect(describeInteractionEvent('create_call', { provider: 'in_house', direction: 'inbound' })).toBe('Web call started with the in-house agent');
    expect(describeInteractionEvent('create_call', { provider: 'vapi', direction: 'outbound' })).toBe('Outbound call placed through Vapi');
    expect(describeInteractionEvent('call_end_reason', { endedReason: 'user_hangup' })).toBe('Call ended because the caller hung up');
    expect(describeInteractionEvent('send_email', { to: 'office@demo.test', purpose: 'call_summary' })).toBe('E-mail sent to office@demo.test (call summary)');
    expect(describeInteractionEvent('get_capacity', { time_to_check: '2026-11-28T09:00', available: false })).toBe(
      'Checked the schedule for Nov 28, 2026, 9:00 AM: nothing free then, other times offered',
    );
    expect(describeInteractionEvent('get_capacity', { time_to_check: '2026-11-28T14:30:00', available: true })).toBe(
      'Checked the schedule for Nov 28, 2026, 2:30 PM: a slot was free',
    );
    expect(describeInteractionEvent('get_capacity', { time_to_check: 'tomorrow morning' })).toBe('Checked the schedule for tomorrow morning');
    expect(describeInteractionEvent('get_jobs', { found: 1 })).toBe("Looked up the caller's upcoming jobs: 1 found");
    expect(describeInteractionEvent('get_jobs', { found: 0 })).toBe("Looked up the caller's upcoming jobs: none");
    expect(describeInteractionEvent('update_crm_job', { jobIds: ['9001', '9002'], notes: 1 })).toBe('Jobs updated in the CRM: 9001, 9002 (1 note added)');
    expect(describeInteractionEvent('call_error', { code: 'CALL_NEVER_ENDED', message: 'The provider never reported the end of the call' })).toBe(
      'Something went wrong: The provider never reported the end of the call',
    );
    expect(describeInteractionEvent('emergency_pager_no_answer', { called: ['Sam', 'Ana'], escalatedTo: 'Owner' })).toBe(
      'Emergency page not answered by Sam, Ana; escalated to Owner',
    );
  });

  it('never shows JSON: an unknown event or missing detail is still plain words', () => {
    expect(describeInteractionEvent('brand_new_event', { a: { b: 1 } })).toBe('Brand new event');
    expect(describeInteractionEvent('call_end_reason', {})).toBe('Call ended');
    expect(describeInteractionEvent('send_sms', {})).toBe('Text message sent');
  });
});
