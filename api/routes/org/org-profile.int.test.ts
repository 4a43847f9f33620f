import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type request from 'supertest';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

// Spec 001 §2.13 company profile and §2.14 custom instructions, saved through events and read back
// from the read models (eventually: the projectors follow the log).

type Agent = ReturnType<typeof request.agent>;

let h: ProductHarness;
let orgA: string;
let adminA: Agent;
let orgB: string;
let adminB: Agent;

const slugOf = (label: string) => uniqueName(label).toLowerCase().replace(/_/g, '-');

beforeAll(async () => {
  h = await startProductHarness();
  const a = slugOf('profile-a');
  ({ orgId: orgA, agent: adminA } = await onboardAndLogIn(h, { name: a, adminEmail: `admin@${a}.test` }));
  const b = slugOf('profile-b');
  ({ orgId: orgB, agent: adminB } = await onboardAndLogIn(h, { name: b, adminEmail: `admin@${b}.test` }));
}, 180_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

const PROFILE = {
  legal_name: 'Acme Heating & Air LLC',
  dba_name: 'Acme Air',
  website: 'https://acme-air.test',
  privacy_policy: 'https://acme-air.test/privacy',
  address: { street: '100 Main St', unit: null, city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
  contact_number: '+15125550100',
  ein: '12-3456789',
  contact_email: 'office@acme-air.test',
};

describe('company profile', () => {
  it('shows an empty profile, saves changed fields, reads them back and keeps the rest on a later patch', async () => {
    const empty = await adminA.get('/org/company-profile').query({ orgId: orgA });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ id: null, org_id: orgA, legal_name: null, ein: null });

    const saved = await adminA.patch('/org/company-profile').send({ orgId: orgA, ...PROFILE });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ org_id: orgA, ...PROFILE });
    const profileId = saved.body.id as string;

    const read = await eventually(async () => {
      const res = await adminA.get('/org/company-profile').query({ orgId: orgA });
      return res.body.id === profileId && res.body;
    });
    expect(read).toMatchObject({ ...PROFILE, sms_config: null });
    // The organization names its profile (001 §3 company_profile_id).
    await eventually(async () => (await adminA.get('/org').query({ id: orgA })).body.company_profile_id === profileId);

    expect((await adminA.patch('/org/company-profile').send({ orgId: orgA, dba_name: 'Acme Comfort' })).status).toBe(200);
    const patched = await eventually(async () => {
      const res = await adminA.get('/org/company-profile').query({ orgId: orgA });
      return res.body.dba_name === 'Acme Comfort' && res.body;
    });
    expect(patched).toMatchObject({ ...PROFILE, dba_name: 'Acme Comfort', id: profileId });
  }, 60_000);

  it.each([
    [{ ein: '123456789' }, 'EIN must be in format XX-XXXXXXX'],
    [{ contact_email: 'not-an-email' }, 'Invalid email format'],
    [{ contact_number: '512-555-0100' }, 'Phone number must be in format +1XXXXXXXXXX'],
    [{ website: 'acme-air' }, 'Invalid URL format'],
    [{}, 'Nothing to save'],
  ])('answers 400 for %j and changes nothing', async (bad, message) => {
    const res = await adminA.patch('/org/company-profile').send({ orgId: orgA, ...bad });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message });
  });

  it('refuses a bad orgId, and leaves the profile as it was after refused saves', async () => {
    const res = await adminA.get('/org/company-profile').query({ orgId: 'nope' });
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'orgId must be a UUID' });
    // A later good save is projected after anything published before it (one partition per org).
    expect((await adminA.patch('/org/company-profile').send({ orgId: orgA, legal_name: 'Acme Final LLC' })).status).toBe(200);
    const after = await eventually(async () => {
      const r = await adminA.get('/org/company-profile').query({ orgId: orgA });
      return r.body.legal_name === 'Acme Final LLC' && r.body;
    });
    expect(after).toMatchObject({ ein: PROFILE.ein, contact_email: PROFILE.contact_email, contact_number: PROFILE.contact_number, website: PROFILE.website });
  }, 60_000);

  it("gives another organization's user 401 on read and write", async () => {
    expect((await adminB.get('/org/company-profile').query({ orgId: orgA })).status).toBe(401);
    const write = await adminB.patch('/org/company-profile').send({ orgId: orgA, legal_name: 'Hijacked' });
    expect(write.status).toBe(401);
    expect((await adminA.get('/org/company-profile').query({ orgId: orgA })).body.legal_name).not.toBe('Hijacked');
  });
});

const INSTRUCTIONS = {
  call_reasons: { instructions: [{ call_reason_id: '7', instruction: 'Use for any duct cleaning request' }] },
  is_lead: { enabled_csr: true, instructions: [{ title: 'warranty', isLead: false, instruction: 'Warranty claims are not leads' }] },
  booked_summary: { enabled: true, instructions: [{ title: 'Equipment', instruction: 'Brand and age of the unit' }] },
  job_tagging: { enabled: true, defaultTag: { name: 'Service', id: 11 }, defaultAfterHoursTag: null, tags: { Priority: 'No heat or no cooling' } },
};

describe('custom instructions', () => {
  it('saves the instructions and regular_job_to_dispatch, shares the dispatch with the availability view, and reads back', async () => {
    const empty = await adminA.get('/org/custom-instructions').query({ orgId: orgA });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      custom_instructions: {
        call_reasons: { instructions: [] },
        is_lead: { enabled_csr: false, instructions: [] },
        booked_summary: { enabled: false, instructions: [] },
        job_tagging: { enabled: false, defaultTag: null, defaultAfterHoursTag: null, tags: {} },
      },
      regular_job_to_dispatch: null,
    });

    const saved = await adminA.put('/org/custom-instructions').send({ orgId: orgA, custom_instructions: INSTRUCTIONS, regular_job_to_dispatch: 'Tune-up' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ custom_instructions: INSTRUCTIONS, regular_job_to_dispatch: 'Tune-up' });

    await eventually(async () => {
      const res = await adminA.get('/org/custom-instructions').query({ orgId: orgA });
      return res.body.regular_job_to_dispatch === 'Tune-up' && res.body.custom_instructions.is_lead.enabled_csr === true && res.body;
    });
    // One storage for regular_job_to_dispatch: the availability view shows the same value.
    expect((await adminA.get('/org/availability').query({ orgId: orgA })).body.regular_job_to_dispatch).toBe('Tune-up');

    // Left out, regular_job_to_dispatch keeps its value.
    const next = { ...INSTRUCTIONS, booked_summary: { enabled: false, instructions: [] } };
    expect((await adminA.put('/org/custom-instructions').send({ orgId: orgA, custom_instructions: next })).status).toBe(200);
    const read = await eventually(async () => {
      const res = await adminA.get('/org/custom-instructions').query({ orgId: orgA });
      return res.body.custom_instructions.booked_summary.enabled === false && res.body;
    });
    expect(read).toEqual({ custom_instructions: next, regular_job_to_dispatch: 'Tune-up' });
  }, 60_000);

  it.each([
    [{ orgId: 'not-a-uuid', custom_instructions: {} }, 'orgId must be a UUID'],
    [{ custom_instructions: { is_lead: { instructions: [{ title: '', isLead: true, instruction: 'x' }] } } }, 'Title is required'],
    [{ custom_instructions: { job_tagging: { defaultTag: { name: 'Service', id: 'eleven' } } } }, 'Tag id must be a number'],
  ])('answers 400 for %j with the message', async (bad, message) => {
    const res = await adminA.put('/org/custom-instructions').send({ orgId: orgA, ...bad });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message });
  });

  it("gives another organization's user 401 and leaves the instructions unchanged", async () => {
    expect((await adminB.get('/org/custom-instructions').query({ orgId: orgA })).status).toBe(401);
    expect((await adminB.put('/org/custom-instructions').send({ orgId: orgA, custom_instructions: {}, regular_job_to_dispatch: 'Hijacked' })).status).toBe(401);
    // B's own save lands in B only.
    expect((await adminB.put('/org/custom-instructions').send({ orgId: orgB, custom_instructions: {}, regular_job_to_dispatch: 'B job' })).status).toBe(200);
    await eventually(async () => (await adminB.get('/org/custom-instructions').query({ orgId: orgB })).body.regular_job_to_dispatch === 'B job');
    expect((await adminA.get('/org/custom-instructions').query({ orgId: orgA })).body.regular_job_to_dispatch).toBe('Tune-up');
  }, 60_000);
});
