import { describe, expect, it } from '@jest/globals';
import { jobsOfActions } from '../../../events/projections/interactions/interactions.repository';
import { ZodError } from 'zod';
import { toCallEvaluation, toCallJob } from './call-view';
import { decodeCallLogsCursor, encodeCallLogsCursor } from './call-logs.route';

const interactionId = '6f1c0a52-0d5e-4c59-9a53-3f0f3f1b7a10';
const action = (actionType: string, result: Record<string, string>, payload: Record<string, unknown> = {}) => ({ interactionId, actionType, payload, result });

describe('jobs of an interaction, from its completed CRM actions', () => {
  it('folds a booking, its reschedule and its cancellation into one job with the last status', () => {
    const jobs = jobsOfActions([
      action('job_booking', { jobId: '77', jobNumber: '1077', appointmentId: 'a1', customerId: '16' }, { job_type_id: 'jt-1' }),
      action('job_reschedule', { jobId: '77', jobNumber: '1077', appointmentId: 'a1', start: '2026-01-01T15:00:00.000Z' }),
      action('job_cancel', { jobId: '77', jobNumber: '1077', jobStatus: 'CANCELED' }),
    ]);
    expect(jobs).toEqual([{ interactionId, jobId: '77', jobNumber: '1077', bookingId: null, jobStatus: 'CANCELED', jobTypeId: 'jt-1', customerId: '16' }]);
  });

  it('keeps separate jobs apart, keeps a booking without a job, and skips actions without ids', () => {
    const jobs = jobsOfActions([
      action('job_booking', { jobId: '77', jobNumber: '1077' }),
      action('create_booking', { bookingId: '901' }),
      action('job_booking', { jobId: '78', jobNumber: '1078' }),
      action('job_booking', { jobId: '' }),
      { ...action('job_booking', { jobId: '79' }), interactionId: null },
    ]);
    expect(jobs.map((j) => [j.jobId, j.bookingId, j.jobStatus])).toEqual([
      ['77', null, 'SCHEDULED'],
      [null, '901', 'SCHEDULED'],
      ['78', null, 'SCHEDULED'],
    ]);
  });
});

describe('a call job as the API answers it', () => {
  const job = { interactionId, jobId: '77', jobNumber: '1077', bookingId: null, jobStatus: 'SCHEDULED', jobTypeId: null, customerId: '16' };

  it('links to the job in the org CRM, and to nowhere without one', () => {
    expect(toCallJob('servicetitan', job)).toEqual({
      revenue: null,
      crm_job_id: '77',
      jobId: '77',
      bookingId: null,
      jobNumber: '1077',
      jobStatus: 'SCHEDULED',
      link: 'https://go.servicetitan.com/#/Job/Index/77',
    });
    expect(toCallJob('servicetitan', { ...job, bookingId: '901' }).link).toBe('https://go.servicetitan.com/#/Booking/Index/901');
    expect(toCallJob('housecallpro', job).link).toBe('https://pro.housecallpro.com/app/jobs/77');
    expect(toCallJob('NONE', job).link).toBe('#');
  });
});

describe("a call's evaluation as the API answers it", () => {
  it('gives the verdict, the flags it rests on and when it was made', () => {
    const flags = { went_silent: { value: true, reasoning: 'Eight seconds of silence.' }, interrupted_user: { value: false, reasoning: 'None.' } };
    const row = {
      evaluationId: '3f0f3f1b-7a10-4c59-9a53-6f1c0a520d5e',
      traceId: 'call',
      traceType: 'call',
      orgId: 'org',
      interactionId,
      agentType: 'OFFICE_HOURS_CSR',
      status: 'failed',
      failedFlags: ['went_silent'],
      flags,
      standoutSummary: 'Went quiet after the address.',
      engine: 'offline',
      ruleId: null,
      runId: null,
      evaluatedAt: new Date('2026-11-25T09:30:00Z'),
    };
    expect(toCallEvaluation(row)).toEqual({
      evaluationId: row.evaluationId,
      status: 'failed',
      failedFlags: ['went_silent'],
      standoutSummary: 'Went quiet after the address.',
      evaluatedAt: '2026-11-25T09:30:00.000Z',
      flags,
    });
  });
});

describe('the call logs cursor', () => {
  it('names the row it was made from, and refuses one this route did not make', () => {
    const row = { createdAt: new Date('2026-11-28T07:00:00.123Z'), id: '5d0c7a4e-1f2b-4c3d-8e9f-0a1b2c3d4e5f' };
    expect(decodeCallLogsCursor(encodeCallLogsCursor(row))).toEqual(row);
    for (const bad of ['', 'not a cursor', Buffer.from('["2026-11-28", "x"]').toString('base64url'), Buffer.from('{}').toString('base64url')]) {
      expect(() => decodeCallLogsCursor(bad)).toThrow(ZodError);
    }
  });
});
