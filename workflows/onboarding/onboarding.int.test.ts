import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Worker } from '@temporalio/worker';
import { createTemporalWorkflowGateway } from '../../api/use-cases/temporal-workflow-gateway';
import { DEFAULT_REGULAR_HOURS } from '../../domain/organization/organization-settings.schema';
import { staffUserIdFor } from '../../lib/ids';
import { startProductHarness, type ProductHarness } from '../../tests/support/product-harness';
import { uniqueName } from '../../tests/support/integration';
import { workflowBundle } from '../../worker/create-worker';
import { workflowIds } from '../../domain/run/workflow-ids';
import type { OnboardingInput, OnboardingResult } from './onboarding.types';

let h: ProductHarness;

function onboardingInput(slug: string, correlationId = `corr-${slug}`): OnboardingInput {
  return {
    meta: { correlationId },
    name: `Org ${slug}`,
    slug,
    adminEmail: `admin@${slug}.test`,
    adminName: 'Admin',
    adminPasswordHash: null,
    officeEmail: `office@${slug}.test`,
    timezone: 'Canada/Eastern',
    tradesOffered: ['Plumbing'],
    crmName: 'NONE',
    enterpriseId: null,
    regularHours: DEFAULT_REGULAR_HOURS,
    emergencyHours: null,
  };
}

beforeAll(async () => {
  h = await startProductHarness();
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('onboarding workflow on a real Temporal server', () => {
  const slug = uniqueName('org').toLowerCase().replace(/_/g, '-');
  const workflowId = workflowIds.onboarding(slug);

  it('joins the run already going when the same onboarding is started twice', async () => {
    const [a, b] = await Promise.all([
      h.gateway.startOnboarding(onboardingInput(slug), workflowId),
      h.gateway.startOnboarding(onboardingInput(slug), workflowId),
    ]);
    expect(a.workflowId).toBe(workflowId);
    expect(b.workflowId).toBe(workflowId);
    const result = await h.client.workflow.getHandle<() => Promise<OnboardingResult>>(workflowId).result();
    const runs = [];
    for await (const run of h.client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) runs.push(run);
    expect(runs).toHaveLength(1);

    // The workflow waits for the projection, so the read model has the org when it completes.
    const org = await h.tdb.db.organization.findUnique({ where: { id: result.orgId } });
    expect(org).toMatchObject({ slug, timezone: 'Canada/Eastern', onboardingStatus: 'TESTING', crmName: 'NONE' });
    expect(result.adminUserId).toBe(staffUserIdFor(`admin@${slug}.test`));
    expect(await h.tdb.db.organizationMember.count({ where: { orgId: result.orgId, userId: result.adminUserId } })).toBe(1);

    const again = await h.gateway.startOnboarding(onboardingInput(slug), workflowId);
    expect(again.alreadyCompleted).toBe(true);
  }, 60_000);

  it('carries the correlation id from the input to the events it emits', async () => {
    const seen: string[] = [];
    await h.bus.replay({
      aggregateTypes: ['organization'],
      onEvent: async ({ event }) => void (event.type === 'OrganizationCreated' && event.data.slug === slug && seen.push(event.correlationId)),
    });
    expect(seen).toEqual([`corr-${slug}`]);
  }, 30_000);

  it('reports status, and fails for good when the slug belongs to another organization', async () => {
    const status = await h.gateway.describe(workflowId);
    expect(status).toMatchObject({ status: 'COMPLETED', workflowId, error: null });
    expect((status!.result as OnboardingResult).slug).toBe(slug);

    // A different workflow id racing for the same slug (the API checks first, the workflow again).
    const rivalId = `${workflowId}-rival`;
    await h.gateway.startOnboarding(onboardingInput(slug), rivalId);
    await expect(h.client.workflow.getHandle(rivalId).result()).rejects.toThrow();
    const failed = await h.gateway.describe(rivalId);
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(failed!.error).toContain(`An organization with slug "${slug}" already exists`);
  }, 60_000);

  it('terminates a running workflow, and says when there is nothing to terminate', async () => {
    // No worker polls this prefix, so the run stays RUNNING until terminated.
    const idle = createTemporalWorkflowGateway(h.client, `${h.taskQueuePrefix}idle-`);
    const idleId = workflowIds.onboarding(`${slug}-idle`);
    await idle.startOnboarding(onboardingInput(`${slug}-idle`), idleId);
    expect((await h.gateway.describe(idleId))!.status).toBe('RUNNING');

    expect(await h.gateway.terminate(idleId, 'test')).toEqual({ outcome: 'terminated' });
    expect(await h.gateway.describe(idleId)).toMatchObject({ status: 'TERMINATED' });
    expect(await h.gateway.terminate(idleId, 'again')).toEqual({ outcome: 'not_running', status: 'TERMINATED' });
    expect(await h.gateway.terminate('onboarding/never-started', 'x')).toEqual({ outcome: 'not_found' });
    expect(await h.gateway.describe('onboarding/never-started')).toBeNull();
  }, 60_000);

  it('replays its recorded history deterministically', async () => {
    const history = await h.client.workflow.getHandle(workflowId).fetchHistory();
    await expect(Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, workflowId)).resolves.toBeUndefined();
  }, 60_000);
});
