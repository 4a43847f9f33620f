import { agentTypeOf, factTags, mergeTags, summaryTaskFor, tagTasksFor } from './post-call-rules';
import type { Action } from './interaction.schema';

describe('post-call rules', () => {
  it('summarises by status, except for agents with a summary of their own', () => {
    expect(summaryTaskFor('EXCUSED', 'RECEPTIONIST')).toBe('summary_excused');
    expect(summaryTaskFor('UNBOOKED', 'OFFICE_HOURS_CSR')).toBe('summary_unbooked');
    expect(summaryTaskFor('ABANDONED', 'RECEPTIONIST')).toBe('summary_generic');
    expect(summaryTaskFor('UNBOOKED', 'DEMO_AGENT')).toBe('summary_demo');
    expect(summaryTaskFor('COMPLETED', 'APPOINTMENT_REMINDER_AGENT')).toBe('summary_appointment_reminder');
  });

  it('gives every status the tag tasks whose tags it can earn', () => {
    const tasks = (...args: Parameters<typeof tagTasksFor>) => tagTasksFor(...args).map((t) => t.task);
    expect(tasks('UNBOOKED', 'outbound')).toEqual(['tags_outbound_call', 'tags_unbooked']);
    expect(tasks('UNBOOKED', 'outbound', 'chat')).toEqual(['tags_outbound_text', 'tags_unbooked']);
    expect(tasks('VOICEMAIL', 'outbound')).toEqual(['tags_outbound_call']);
    expect(tasks('EXCUSED', 'inbound')).toEqual(['tags_excused', 'tags_unbooked']);
    expect(tasks('BOOKED', 'inbound')).toEqual(['tags_booked']);
    // A cancellation call classified NotLead (COMPLETED) or abandoned still gets the cancellation tag task.
    expect(tasks('COMPLETED', 'inbound')).toEqual(['tags_unbooked']);
    expect(tasks('ABANDONED', 'inbound')).toEqual(['tags_unbooked']);
  });

  describe('tags the facts prove', () => {
    const action = (type: Action['type'], payload: Record<string, unknown> = {}, status: Action['status'] = 'COMPLETED'): Action => ({
      id: `${type}-1`,
      type,
      status,
      payload,
    });
    const tagsOf = (actions: Action[], startedAt: string | null, timezone: string | null = 'America/Chicago', direction: 'inbound' | 'outbound' = 'inbound') =>
      factTags({ facts: { actions, startedAt }, direction, timezone }, 'BOOKED');

    it('dates a booking same_day or next_day in the organization time zone, not UTC', () => {
      // 23:30 in Chicago on the 3rd is already the 4th in UTC.
      const started = '2026-03-04T05:30:00Z';
      expect(Object.keys(tagsOf([action('job_booking', { appointment_time: '2026-03-03T15:00:00-06:00' })], started))).toEqual(['booked', 'same_day']);
      expect(Object.keys(tagsOf([action('job_booking', { appointment_time: '2026-03-04T08:00:00-06:00' })], started))).toEqual(['booked', 'next_day']);
      expect(Object.keys(tagsOf([action('job_booking', { appointment_time: '2026-03-06T08:00:00-06:00' })], started))).toEqual(['booked']);
      expect(tagsOf([action('job_booking', { appointment_time: '2026-03-04T08:00:00-06:00' })], started, 'UTC').same_day).toBeDefined();
    });

    it('reads reschedules (sooner when moved earlier), cancels, confirmations, callbacks and estimates', () => {
      const tags = tagsOf(
        [
          action('job_reschedule', { original_appointment_time: '2026-03-10T09:00:00Z', new_appointment_time: '2026-03-08T09:00:00Z' }),
          action('job_cancel'),
          action('confirm_appointment'),
          action('create_callback'),
          action('update_estimate', { status: 'unsold' }),
          action('job_booking', {}, 'DROPPED'),
        ],
        null,
        null,
        'outbound',
      );
      expect(Object.keys(tags).sort()).toEqual(
        ['appointment_confirmed', 'callback', 'cancellation', 'estimate_declined', 'outbound_call', 'reschedule', 'sooner_slot'].sort(),
      );
      expect(tags.cancellation).toContain('job_cancel-1');
      const later = tagsOf(
        [action('job_reschedule', { original_appointment_time: '2026-03-08T09:00:00Z', new_appointment_time: '2026-03-10T09:00:00Z' })],
        null,
      );
      expect(Object.keys(later)).toEqual(['reschedule']);
    });

    it('merges task flags after the facts, keeps only §4 tags, and lets a fact reason win', () => {
      const merged = mergeTags({ cancellation: 'job_cancel action a1 is COMPLETED.' }, [
        {
          names: ['cancellation', 'language_issue', 'callback'],
          output: { cancellation: true, cancellation_reason: 'said so', language_issue: true, language_issue_reason: 'Spanish', callback: false },
        },
        { names: ['complimented_ai'], output: { complimented_ai: true, complimented_ai_reason: 'x' } },
      ]);
      expect(merged).toEqual({
        tags: ['cancellation', 'language_issue'],
        reasons: { cancellation: 'job_cancel action a1 is COMPLETED.', language_issue: 'Spanish' },
      });
    });
  });

  it('reads the agent type the call was created with, and nothing else', () => {
    expect(agentTypeOf({ metadata: { agent_type: 'after_hours_csr' }, callVariables: {} })).toBe('AFTER_HOURS_CSR');
    expect(agentTypeOf({ metadata: {}, callVariables: { agent_type: 'DEMO_AGENT' } })).toBe('DEMO_AGENT');
    expect(agentTypeOf({ metadata: { agent_type: 'janitor' }, callVariables: {} })).toBeNull();
  });
});
