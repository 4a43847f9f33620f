import { describe, expect, it } from '@jest/globals';
import { crmCustomerLink, crmJobLink } from './crm-links';

describe('CRM job links (spec 000 §2)', () => {
  it.each([
    ['servicetitan', { jobId: '77', bookingId: '901' }, 'https://go.servicetitan.com/#/Booking/Index/901'],
    ['servicetitan', { bookingId: '901' }, 'https://go.servicetitan.com/#/Booking/Index/901'],
    ['servicetitan', { jobId: '77', bookingId: null }, 'https://go.servicetitan.com/#/Job/Index/77'],
    ['servicetitan', { jobId: '77', bookingId: '' }, 'https://go.servicetitan.com/#/Job/Index/77'],
    ['servicetitan', {}, '#'],
    ['housecallpro', { jobId: 'job_3f2a' }, 'https://pro.housecallpro.com/app/jobs/job_3f2a'],
    ['housecallpro', { jobId: 'job_3f2a', bookingId: '901' }, 'https://pro.housecallpro.com/app/jobs/job_3f2a'],
    ['housecallpro', { bookingId: '901' }, '#'],
    ['housecallpro', { jobId: null }, '#'],
    ['NONE', { jobId: '77', bookingId: '901' }, '#'],
    ['some-other-crm', { jobId: '77' }, '#'],
  ])('%s %j → %s', (crm, ref, link) => {
    expect(crmJobLink(crm, ref)).toBe(link);
  });

  it('escapes ids that are not URL-safe', () => {
    expect(crmJobLink('housecallpro', { jobId: 'a/b c' })).toBe('https://pro.housecallpro.com/app/jobs/a%2Fb%20c');
  });
});

describe('CRM customer profile link (spec 000 §2)', () => {
  it.each([
    ['servicetitan', '4412', 'https://go.servicetitan.com/#/customer/4412'],
    ['servicetitan', null, null],
    ['servicetitan', '', null],
    ['housecallpro', 'cus_1', null],
    ['NONE', '4412', null],
  ])('%s %s → %s', (crm, id, link) => {
    expect(crmCustomerLink(crm, id)).toBe(link);
  });
});
