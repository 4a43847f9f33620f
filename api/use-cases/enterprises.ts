import { randomUUID } from 'node:crypto';
import type { Enterprise } from '../../domain/contracts/enterprise.contract';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import { findEnterprise, listEnterprises } from '../../events/projections/enterprises/enterprises.repository';
import type { Db } from '../../prisma/client';
import type { ApiDeps } from '../deps';
import type { StaffIdentity } from '../repositories/staff.repository';
import { notFound, unauthorized } from '../http/errors';
import { publishCommand, type CommandOrigin } from '../http/publish-command';
import { awaitReadModel } from './await-read-model';

/** Enterprises as the API reads and changes them; the enterprises read model follows the events. */
export interface EnterpriseDeps {
  events: EventPublisher;
  repository: EnterpriseRepository;
}

export function createEnterpriseRepository(db: Db) {
  return { find: (id: string) => findEnterprise(db, id), list: () => listEnterprises(db) };
}
export type EnterpriseRepository = ReturnType<typeof createEnterpriseRepository>;

const normalized = (admins: string[]) => [...new Set(admins.map((a) => a.trim().toLowerCase()))];

export async function createEnterprise(deps: ApiDeps, input: { name: string; admins: string[] }, origin: CommandOrigin): Promise<Enterprise> {
  const enterpriseId = randomUUID();
  const admins = normalized(input.admins);
  const [event] = await publishCommand(deps.enterprises.events, origin, [
    { type: 'EnterpriseCreated', aggregateId: enterpriseId, orgId: null, data: { enterpriseId, name: input.name, admins } },
  ]);
  await awaitReadModel(async () => (await deps.enterprises.repository.find(enterpriseId)) !== null);
  return { id: enterpriseId, name: input.name, admins, created_at: new Date(event.occurredAt).toISOString(), organizations: [] };
}

export async function setEnterpriseAdmins(deps: ApiDeps, enterpriseId: string, admins: string[], origin: CommandOrigin): Promise<void> {
  if (!(await deps.enterprises.repository.find(enterpriseId))) throw notFound('Enterprise not found');
  await publishCommand(deps.enterprises.events, origin, [
    { type: 'EnterpriseAdminsChanged', aggregateId: enterpriseId, orgId: null, data: { enterpriseId, admins: normalized(admins) } },
  ]);
  const wanted = JSON.stringify(normalized(admins));
  await awaitReadModel(async () => JSON.stringify((await deps.enterprises.repository.find(enterpriseId))?.admins) === wanted);
}

/** Puts an organization in an enterprise; one already there publishes nothing. */
export async function addOrganizationToEnterprise(deps: ApiDeps, enterpriseId: string, orgId: string, origin: CommandOrigin): Promise<{ changed: boolean }> {
  const [enterprise, org] = await Promise.all([deps.enterprises.repository.find(enterpriseId), deps.organizations.findById(orgId)]);
  if (!enterprise) throw notFound('Enterprise not found');
  if (!org) throw notFound('Organization not found');
  if (org.enterpriseId === enterpriseId) return { changed: false };
  await publishCommand(deps.enterprises.events, origin, [{ type: 'OrganizationJoinedEnterprise', aggregateId: orgId, orgId, data: { orgId, enterpriseId } }]);
  await awaitReadModel(async () => (await deps.organizations.findById(orgId))?.enterpriseId === enterpriseId);
  return { changed: true };
}

/** 001 §2.19: an enterprise loaded by id, for its admins and operators; anyone else learns nothing of it. */
export async function showEnterprise(deps: ApiDeps, user: StaffIdentity, enterpriseId: string): Promise<Enterprise> {
  const enterprise = await deps.enterprises.repository.find(enterpriseId);
  if (!user.isOperator && !enterprise?.admins.includes(user.email.toLowerCase())) throw unauthorized('You do not have access to this enterprise');
  if (!enterprise) throw notFound('Enterprise not found');
  const orgs = await deps.organizations.listByEnterprise(enterpriseId);
  return {
    id: enterprise.id,
    name: enterprise.name,
    admins: enterprise.admins,
    created_at: enterprise.createdAt.toISOString(),
    organizations: orgs.map((o) => ({ id: o.id, name: o.name, slug: o.slug, onboarding_status: o.onboardingStatus as 'TESTING' | 'LIVE' })),
  };
}

export async function listAllEnterprises(deps: ApiDeps) {
  const [enterprises, counts] = await Promise.all([deps.enterprises.repository.list(), deps.organizations.countByEnterprise()]);
  return { enterprises: enterprises.map((e) => ({ id: e.id, name: e.name, admins: e.admins, organizations_count: counts.get(e.id) ?? 0 })) };
}
