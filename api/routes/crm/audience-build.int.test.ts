import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NativeConnection, Worker } from '@temporalio/worker';
import request from 'supertest';
import { createAudienceActivities } from '../../../activities/crm/audience.activities';
import { createSandboxCrm } from '../../../activities/crm/adapters/sandbox/sandbox-crm.adapter';
import { CrmError, type CrmProvider } from '../../../activities/crm/crm.port';
import { eventually, testLogger, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';
import { workflowBundle } from '../../../worker/create-worker';
import { workflowIds } from '../../../domain/run/workflow-ids';
import { createAudienceRepository } from '../../../events/projections/audiences/audiences.repository';
import { createTemporalAudienceBuildGateway } from '../../use-cases/temporal-audience-build-gateway';
import { type AudienceRules } from '../../../domain/crm/crm-records';

let h: ProductHarness;
let agent: ReturnType<typeof request.agent>;
let org: string;
const run = uniqueName('').replace(/^_/, '');
const HVAC = { business_units: [{ id: '1', name: 'HVAC Service' }] };

const queue = (body: object) => agent.post('/crm/customers/audience-rules/async').query({ orgId: org }).send(body);
const status = (audienceId: string, query: object = {}) => agent.get(`/crm/customers/audiences/${audienceId}`).query({ orgId: org, ...query });
const bad = (message: string) => expect.objectContaining({ error: 'Bad Request', status: 400, message });
const settled = (audienceId: string) =>
  eventually(async () => {
    const res = await status(audienceId, { pageSize: 1000 });
    return res.status === 200 && res.body.creation_status !== 'PENDING' ? res.body : null;
  });
const idsSelectedBy = async (rules: object): Promise<string[]> =>
  ((await agent.post('/crm/customers/audience-rules').query({ orgId: org }).send({ rules, isExclusion: true })).body as { id: string }[]).map((c) => c.id);

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId: org, agent } = await onboardAndLogIn(h, {
    name: `Audiences ${run}`,
    adminEmail: `owner-${run}@audiences.test`,
    timezone: 'America/Chicago',
    crmName: 'servicetitan',
  }));
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('POST /crm/customers/audience-rules/async', () => {
  it('answers true at once; the audience is COMPLETE with the customers the rules select', async () => {
    const audienceId = crypto.randomUUID();
    const res = await queue({ audienceId, rules: HVAC, source: 'RULES', isFileUpload: false });
    expect(res.status).toBe(200);
    expect(res.body).toBe(true);

    const audience = await settled(audienceId);
    const expected = await idsSelectedBy(HVAC);
    expect(expected.length).toBeGreaterThan(0);
    expect(audience).toMatchObject({
      audienceId,
      creation_status: 'COMPLETE',
      source: 'RULES',
      is_file_upload: false,
      rules: HVAC,
      member_count: expected.length,
      error: null,
    });
    expect([...audience.members.data].sort()).toEqual([...expected].sort());
    expect(audience.completed_at).toEqual(expect.any(String));
  });

  it('pages through the members, up to 1000 at a time', async () => {
    const audienceId = crypto.randomUUID();
    await queue({ audienceId, rules: {} });
    const all = await settled(audienceId);
    expect(all.member_count).toBeGreaterThan(3);
    const second = await status(audienceId, { page: 2, pageSize: 2 });
    expect(second.body.members).toEqual({
      page: 2,
      pageSize: 2,
      hasMore: all.member_count > 4,
      totalCount: all.member_count,
      data: all.members.data.slice(2, 4),
    });
    expect((await status(audienceId, { pageSize: 1001 })).body).toEqual(bad('pageSize must be at most 1000'));
  });

  it('builds again from new rules for the same audience', async () => {
    const audienceId = crypto.randomUUID();
    await queue({ audienceId, rules: {} });
    const everyone = await settled(audienceId);
    await queue({ audienceId, rules: HVAC });
    const hvac = await eventually(async () => {
      const body = await settled(audienceId);
      return body.rules.business_units ? body : null;
    });
    expect(hvac.member_count).toBe((await idsSelectedBy(HVAC)).length);
    expect(hvac.member_count).toBeLessThan(everyone.member_count);
  });

  it('answers false for a file upload, whose members come with the upload, and queues nothing', async () => {
    const audienceId = crypto.randomUUID();
    expect((await queue({ audienceId, rules: {}, source: 'FILE', isFileUpload: true })).body).toBe(false);
    expect((await queue({ audienceId, rules: {}, isFileUpload: true })).body).toBe(false);
    const described = await h.client.workflow
      .getHandle(workflowIds.audienceBuild(org, audienceId))
      .describe()
      .catch((err: Error) => err.name);
    expect(described).toBe('WorkflowNotFoundError');
    expect((await status(audienceId)).status).toBe(404);
  });

  it('refuses bad input with the field messages and queues nothing', async () => {
    expect((await queue({ rules: {} })).body).toEqual(bad('audienceId is required'));
    expect((await queue({ audienceId: 'aud-1', rules: {} })).body).toEqual(bad('audienceId must be a UUID'));
    const audienceId = crypto.randomUUID();
    expect((await queue({ audienceId, rules: {}, source: 'CSV' })).body).toEqual(bad('source must be one of FILE, RULES, REPORTS'));
    expect((await queue({ audienceId, rules: {}, isFileUpload: 'yes' })).body).toEqual(bad('isFileUpload must be a boolean'));
    expect((await status(audienceId)).status).toBe(404);
    expect((await status('aud-1')).body).toEqual(bad('audienceId must be a UUID'));
  });

  it("keeps another organization's audience id to its owner", async () => {
    const audienceId = crypto.randomUUID();
    await queue({ audienceId, rules: {} });
    await settled(audienceId);
    const other = await onboardAndLogIn(h, {
      name: `Audiences Other ${run}`,
      adminEmail: `other-${run}@audiences.test`,
      timezone: 'America/Chicago',
      crmName: 'servicetitan',
    });
    const theirs = await other.agent.post('/crm/customers/audience-rules/async').query({ orgId: other.orgId }).send({ audienceId, rules: HVAC });
    expect(theirs.body).toEqual({ error: 'Not Found', status: 404, message: 'Audience not found' });
    expect((await other.agent.get(`/crm/customers/audiences/${audienceId}`).query({ orgId: other.orgId })).status).toBe(404);
    expect((await settled(audienceId)).rules).toEqual({});
  }, 60_000);
});

describe('an audience build as a workflow', () => {
  let connection: NativeConnection;
  const prefix = () => `${h.taskQueuePrefix}audience-`;

  beforeAll(async () => {
    connection = await NativeConnection.connect({ address: h.config.TEMPORAL_ADDRESS });
  });
  afterAll(async () => {
    await connection?.close();
  });

  /** A worker of its own, so the CRM behind the build can be made to stall or fail. */
  async function withWorker(crm: CrmProvider, body: () => Promise<void>) {
    const worker = await Worker.create({
      connection,
      namespace: h.config.TEMPORAL_NAMESPACE,
      taskQueue: `${prefix()}crm`,
      workflowBundle: await workflowBundle(),
      activities: createAudienceActivities({ events: h.bus, crm, logger: testLogger }),
    });
    const running = worker.run();
    try {
      await body();
    } finally {
      worker.shutdown();
      await running;
    }
  }

  const input = (audienceId: string, rules: AudienceRules) => ({
    meta: { correlationId: `audience-${run}` },
    orgId: org,
    audienceId,
    source: 'RULES' as const,
    isFileUpload: false,
    rules,
  });
  const readStatus = (audienceId: string) => createAudienceRepository(h.tdb.db).findStatus(org, audienceId, { offset: 0, limit: 1000 });

  it('joins the run going for the same request; a request with other rules replaces it and wins', async () => {
    const sandbox = createSandboxCrm(h.tdb.db);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const stalling: CrmProvider = {
      forOrganization(id) {
        const port = sandbox.forOrganization(id);
        return {
          ...port,
          async findCustomersByAudienceRules(rules) {
            if (!rules.business_units) await released; // the first build's CRM query hangs until released
            return port.findCustomersByAudienceRules(rules);
          },
        };
      },
    };
    const gateway = createTemporalAudienceBuildGateway(h.client, prefix());
    const audienceId = crypto.randomUUID();
    const workflowId = workflowIds.audienceBuild(org, audienceId);

    await withWorker(stalling, async () => {
      expect(await gateway.queueBuild(input(audienceId, {}), workflowId)).toBe('started');
      expect((await eventually(() => readStatus(audienceId)))?.creationStatus).toBe('PENDING');
      expect(await gateway.queueBuild(input(audienceId, {}), workflowId)).toBe('joined');
      expect(await gateway.queueBuild(input(audienceId, HVAC), workflowId)).toBe('replaced');
      await h.client.workflow.getHandle(workflowId).result();
      release();
      const done = await eventually(async () => {
        const row = await readStatus(audienceId);
        return row?.creationStatus === 'COMPLETE' ? row : null;
      });
      expect(done.rules).toEqual(HVAC);
      expect(done.memberCount).toBe((await idsSelectedBy(HVAC)).length);
    });
  }, 60_000);

  it('is ERRORED with the reason when the CRM refuses the rules', async () => {
    const refusing: CrmProvider = {
      forOrganization: (id) => ({
        ...createSandboxCrm(h.tdb.db).forOrganization(id),
        findCustomersByAudienceRules: async () => {
          throw new CrmError('INVALID_REQUEST', 'Tag type 77 does not exist', false);
        },
      }),
    };
    const audienceId = crypto.randomUUID();
    await withWorker(refusing, async () => {
      await createTemporalAudienceBuildGateway(h.client, prefix()).queueBuild(
        input(audienceId, { tag_types: [{ id: '77', name: 'Gone' }] }),
        workflowIds.audienceBuild(org, audienceId),
      );
      const failed = await eventually(async () => {
        const row = await readStatus(audienceId);
        return row?.creationStatus === 'ERRORED' ? row : null;
      });
      expect(failed).toMatchObject({ error: 'Tag type 77 does not exist', memberCount: 0, memberIds: [] });
    });
  }, 60_000);
});
