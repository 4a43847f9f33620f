import { describe, expect, it } from '@jest/globals';
import pino from 'pino';
import request from 'supertest';
import { HousecallProClient } from '../../../activities/crm/adapters/housecallpro/housecallpro-client';
import { createHousecallProCrm } from '../../../activities/crm/adapters/housecallpro/housecallpro-crm.adapter';
import { CrmError, type CrmPort } from '../../../activities/crm/crm.port';
import { createApp } from '../../app';
import type { ApiDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import type { OrganizationRow } from '../../../events/projections/organizations/organizations.repository';
import { crmFailure, UNSUPPORTED_MESSAGE } from './crm-route';

describe('crmFailure', () => {
  it("answers an operation the org's CRM cannot do with 400 and the adapter's own words", () => {
    const message = "This organization's CRM (Housecall Pro) does not support cancel job: Housecall Pro's public API has no job cancellation";
    expect(crmFailure(new CrmError('UNSUPPORTED', message, false))).toEqual(new ApiError(400, message));
  });

  it('says what is unsupported when the message alone would not', () => {
    expect(crmFailure(new CrmError('UNSUPPORTED', 'listZones', false))).toEqual(new ApiError(400, `${UNSUPPORTED_MESSAGE}: listZones`));
  });

  it('keeps unknown ids 404, refusals 400, and outages as they are (a 500 without the message)', () => {
    expect(crmFailure(new CrmError('NOT_FOUND', 'Job 9 not found'))).toEqual(new ApiError(404, 'Job 9 not found'));
    expect(crmFailure(new CrmError('CONFLICT', 'taken'))).toEqual(new ApiError(400, 'taken'));
    const outage = new CrmError('UNAVAILABLE', 'ServiceTitan answered 503');
    expect(crmFailure(outage)).toBe(outage);
    const bug = new TypeError('x is undefined');
    expect(crmFailure(bug)).toBe(bug);
  });
});

const HCP_ORG = '3f0c1c7e-8a8e-4d0e-9b6e-0c6f3b9d2a11';
const ST_ORG = '9a1e5b0c-2d3f-4e4a-8b5c-6d7e8f9a0b1c';

/** The API with a Housecall Pro org and a ServiceTitan org whose CRM is down, and a staff session for both. */
function world() {
  const noNetwork = (async () => {
    throw new Error('this test makes no requests');
  }) as typeof fetch;
  const housecallPro = createHousecallProCrm(
    new HousecallProClient({ apiUrl: 'http://hcp.invalid', apiKey: 'k', authScheme: 'Token', requestsPerSecond: 5 }, { fetch: noNetwork }),
    {},
  );
  const serviceTitanDown = new Proxy({} as CrmPort, {
    get: (_t, property) =>
      property === 'then'
        ? undefined
        : async () => {
            throw new CrmError('UNAVAILABLE', 'ServiceTitan answered 503: upstream connect error at st-edge-7');
          },
  });
  const org = (id: string, crmName: string) =>
    ({ id, name: 'Acme Air', slug: `acme-${crmName}`, timezone: 'America/Chicago', crmName }) as unknown as OrganizationRow;
  const orgs = [org(HCP_ORG, 'housecallpro'), org(ST_ORG, 'servicetitan')];
  const logLines: string[] = [];
  const deps = {
    config: { NODE_ENV: 'test', ADMIN_API_TOKEN: undefined, SESSION_TTL_HOURS: 1 },
    logger: pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) }),
    organizations: { findById: async (id: string) => orgs.find((o) => o.id === id) ?? null },
    staff: {
      findIdentity: async (id: string) => ({ id, email: 'owner@acme.test', name: 'Owen Owner', isOperator: false }),
      canAccessOrganization: async () => true,
    },
    sessions: {
      findIdentity: async (token: string) =>
        token === 'owner-token' ? { id: 'b2b2b2b2-2222-4222-8222-222222222222', email: 'owner@acme.test', name: 'Owen Owner', isOperator: false } : null,
    },
    crm: { provider: { forOrganization: (orgId: string) => (orgId === HCP_ORG ? housecallPro : serviceTitanDown) } },
  } as unknown as ApiDeps;
  return { app: createApp(deps), logLines };
}

const asOwner = { Cookie: 'homeagent_session=owner-token' };

describe('/crm routes on a vendor CRM', () => {
  it('answer 400 saying the CRM does not support the operation, instead of a hidden 500', async () => {
    const { app } = world();

    const calls = await request(app).get('/crm/telecom/calls').query({ orgId: HCP_ORG }).set(asOwner);
    expect(calls.status).toBe(400);
    expect(calls.body).toEqual({
      error: 'Bad Request',
      status: 400,
      message: "This organization's CRM (Housecall Pro) does not support list telecom calls: Housecall Pro's public API has no phone calls",
    });

    const reports = await request(app).get('/crm/report-categories').query({ orgId: HCP_ORG }).set(asOwner);
    expect(reports.body).toMatchObject({ status: 400, message: expect.stringContaining('does not support list report categories') });
  });

  it('answer the staff writes the same way (POST /crm/employees with a username)', async () => {
    const { app } = world();

    const res = await request(app).post('/crm/employees').query({ orgId: HCP_ORG }).send({ username: 'dana', roleId: '3' }).set(asOwner);

    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "This organization's CRM (Housecall Pro) does not support create employee: Housecall Pro's public API has no employee accounts",
    );
  });

  it('still hide an outage behind a 500, and log it', async () => {
    const { app, logLines } = world();

    const res = await request(app).get('/crm/report-categories').query({ orgId: ST_ORG }).set(asOwner);

    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Internal Server Error', status: 500, message: expect.any(String) });
    expect(res.text).not.toContain('st-edge-7');
    expect(logLines.join('\n')).toContain('st-edge-7');
  });
});
