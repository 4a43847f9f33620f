import { describe, expect, it } from '@jest/globals';
import { callLogsQueryOf, callsExportUrl, callsFilterSearch, parseCallsFilter } from './calls-filter';

const now = new Date('2026-03-31T12:00:00Z');
const parse = (search: string) => parseCallsFilter(new URLSearchParams(search), now, 'UTC');

describe('the Calls page filter in the URL', () => {
  it('defaults to the last 30 days, page 1 of 50, every group, agent type and agent', () => {
    expect(parse('')).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      page: 1,
      pageSize: 50,
      group: 'all',
      agentTypes: 'ALL',
      agentId: null,
      search: '',
      cursor: null,
    });
  });

  it("defaults to days on the company's clocks: at 01:00 UTC it is still yesterday in Chicago", () => {
    const lateEvening = new Date('2026-11-29T01:00:00Z');
    expect(parseCallsFilter(new URLSearchParams(''), lateEvening, 'America/Chicago')).toMatchObject({ from: '2026-10-29', to: '2026-11-28' });
    expect(parseCallsFilter(new URLSearchParams(''), lateEvening, 'UTC')).toMatchObject({ from: '2026-10-30', to: '2026-11-29' });
  });

  it('reads what the user picked and writes it back', () => {
    const search = '?from=2024-05-01&to=2024-05-31&page=3&pageSize=10&group=excused&agentType=OFFICE_HOURS_CSR%2CAFTER_HOURS_CSR&agentId=a-1&q=dana+ruiz';
    const filter = parse(search);
    expect(filter).toEqual({
      from: '2024-05-01',
      to: '2024-05-31',
      page: 3,
      pageSize: 10,
      group: 'excused',
      agentTypes: ['OFFICE_HOURS_CSR', 'AFTER_HOURS_CSR'],
      agentId: 'a-1',
      search: 'dana ruiz',
      cursor: null,
    });
    expect(callsFilterSearch(filter)).toBe(search);
  });

  it('falls back to the defaults for values the API would refuse', () => {
    expect(parse('from=yesterday&to=2024-13-45&page=0&pageSize=1001&group=lost&agentType=NOBODY')).toEqual(parse(''));
    expect(parse('page=2.5&pageSize=-1')).toMatchObject({ page: 1, pageSize: 50 });
    expect(parse('agentType=NOBODY,DEMO_AGENT').agentTypes).toEqual(['DEMO_AGENT']);
  });

  it('asks the API for the view picked: one group, or the calls that need a follow-up', () => {
    const org = '11111111-1111-4111-8111-111111111111';
    expect(callLogsQueryOf(org, parse('group=booked&q=%20furnace%20'))).toMatchObject({ group: 'booked', search: 'furnace' });
    expect(callLogsQueryOf(org, parse('group=follow-up'))).toMatchObject({ needsFollowUp: true });
    expect(callLogsQueryOf(org, parse(''))).not.toHaveProperty('group');
    expect(callsExportUrl(org, parse('from=2024-05-01&to=2024-05-31&group=follow-up&agentType=AFTER_HOURS_CSR&q=dana&page=3'))).toBe(
      `/api/call/logs/export?orgId=${org}&from=2024-05-01&to=2024-05-31&currentAgents=AFTER_HOURS_CSR&search=dana&needsFollowUp=true`,
    );
  });

  it("sends the previous page's cursor with a later page, and drops one that is not a cursor or names page 1", () => {
    const org = '11111111-1111-4111-8111-111111111111';
    const cursor = 'WyIyMDI2LTAzLTMwVDEwOjAwOjAwLjAwMFoiLCJhYmMiXQ';
    const filter = parse(`page=2&cursor=${cursor}`);
    expect(callLogsQueryOf(org, filter)).toMatchObject({ page: 2, cursor });
    expect(callsFilterSearch(filter)).toBe(`?from=2026-03-01&to=2026-03-31&page=2&cursor=${cursor}`);
    expect(parse(`cursor=${cursor}`).cursor).toBeNull();
    expect(parse('page=2&cursor=not%20a%20cursor').cursor).toBeNull();
    expect(callLogsQueryOf(org, parse('page=3'))).not.toHaveProperty('cursor');
    expect(callsExportUrl(org, filter)).not.toContain('cursor');
  });

  it('leaves defaults out of the URL but keeps the date range', () => {
    expect(callsFilterSearch(parse(''))).toBe('?from=2026-03-01&to=2026-03-31');
  });
});
