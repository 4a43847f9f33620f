import { describe, expect, it } from '@jest/globals';
import type { ChatLogEntry } from '@contracts/chat-widget.contract';
import { chatBooking, chatCustomer, chatLogsCsv, stageProgress } from './chat-view';

const entry = (over: Partial<ChatLogEntry> = {}, interactions: Partial<ChatLogEntry['interactions']> = {}): ChatLogEntry => ({
  id: 'c-1',
  org_id: 'o-1',
  stage: 'CREATE_BOOKING',
  interactions: {
    id: 'i-1',
    chat_id: 'c-1',
    call_id: null,
    crm_campaign_id: null,
    customer_name: 'Dana Reyes',
    customer_number: '+15125550142',
    customer_address: '12 Main St, Austin, TX 78701',
    crm_customer_id: null,
    created_at: '2026-11-28T15:00:00.000Z',
    org_id: 'o-1',
    tags: [],
    reviewed_at: null,
    review_notes: null,
    ...interactions,
  },
  jobs: [{ revenue: null, crm_job_id: null, crm_booking_id: 'b-7' }],
  tags: ['booked', 'same_day'],
  status: 'BOOKED',
  chat_details: [],
  created_at: '2026-11-28T15:00:00.000Z',
  ended_at: '2026-11-28T15:04:00.000Z',
  device_type: 'MOBILE',
  widget_id: 'w-1',
  ...over,
});

describe('chat view', () => {
  it('marks the stages a chat has passed', () => {
    expect(stageProgress('SCHEDULE_LOOKUP').map((s) => [s.stage, s.reached])).toEqual([
      ['PHONE_LOOKUP', true],
      ['SCHEDULE_LOOKUP', true],
      ['NEW_ADDRESS', false],
      ['CREATE_BOOKING', false],
    ]);
  });

  it('names the visitor by name, else number, and tells a refused booking from none', () => {
    expect(chatCustomer(entry({}, { customer_name: null }))).toBe('+15125550142');
    expect(chatBooking(entry())).toBe('Booked (b-7)');
    expect(chatBooking(entry({ jobs: [] }))).toBe('Not booked');
    expect(chatBooking(entry({ jobs: [], stage: 'NEW_ADDRESS' }))).toBe('—');
  });

  it("exports CSV in the company's zone with quoting and formulas defused", () => {
    const csv = chatLogsCsv([entry({}, { customer_name: '=HYPERLINK("x")' })], 'America/Chicago');
    const [header, row] = csv.split('\r\n');
    expect(header).toBe('Started,Ended,Customer,Phone,Address,Stage,Status,Tags,Booking,Device,Reviewed,Chat id');
    expect(row).toBe(
      `2026-11-28 09:00,2026-11-28 09:04,"'=HYPERLINK(""x"")",'+15125550142,"12 Main St, Austin, TX 78701",Booking sent,Booked,booked; same_day,Booked (b-7),Mobile,no,c-1`,
    );
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
