import type { Tx } from '../../prisma/client';
import { createEvent, type EventOf } from '../catalog';
import { evolveOrganization } from './organizations/organizations.projection';
import type { OrganizationDoc } from './organizations/organizations.repository';
import { documentProjection, type DocumentStore } from './projection';

type OrganizationEvent = EventOf<'OrganizationCreated'> | EventOf<'OrganizationWentLive'>;

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
// The fake store never touches the transaction; this only stands in for the one the projector opens.
const tx = {} as Tx;

function memoryStore<S>() {
  const docs = new Map<string, S>();
  const saves: string[] = [];
  const store: DocumentStore<S> = {
    async load(_tx, id) {
      return docs.get(id) ?? null;
    },
    async save(_tx, id, state) {
      saves.push(id);
      docs.set(id, state);
    },
    async reset() {
      docs.clear();
    },
  };
  return { store, docs, saves };
}

const common = { aggregateId: ORG_ID, orgId: ORG_ID, correlationId: 'request-0001', causationId: null };

const created = createEvent({
  ...common,
  eventId: '11111111-1111-4111-8111-111111111111',
  type: 'OrganizationCreated',
  data: {
    orgId: ORG_ID,
    name: 'Acme Air',
    slug: 'acme-air',
    timezone: 'America/Denver',
    crmName: 'NONE',
    officeEmail: '',
    adminEmails: [],
    tradesOffered: ['HVAC'],
    enterpriseId: null,
    regularHours: {},
    emergencyHours: null,
  },
});
const wentLive = createEvent({ ...common, eventId: '22222222-2222-4222-8222-222222222222', type: 'OrganizationWentLive', data: { orgId: ORG_ID } });

function organizations() {
  const memory = memoryStore<OrganizationDoc>();
  const projection = documentProjection<OrganizationDoc, OrganizationEvent>({
    name: 'organizations',
    aggregateTypes: ['organization'],
    handles: ['OrganizationCreated', 'OrganizationWentLive'],
    documentId: (e) => e.data.orgId,
    evolve: evolveOrganization,
    store: memory.store,
  });
  return { projection, ...memory };
}

describe('documentProjection', () => {
  it('saves the evolved document under the id the event names', async () => {
    const { projection, docs, saves } = organizations();

    await projection.apply(tx, created);

    expect(saves).toEqual([ORG_ID]);
    expect(docs.get(ORG_ID)).toMatchObject({ name: 'Acme Air', onboardingStatus: 'TESTING' });
  });

  it('evolves the stored document, not a fresh one', async () => {
    const { projection, docs } = organizations();

    await projection.apply(tx, created);
    await projection.apply(tx, wentLive);

    expect(docs.get(ORG_ID)).toMatchObject({ name: 'Acme Air', onboardingStatus: 'LIVE', streamVersion: 2 });
  });

  it('saves nothing when evolve gives no document', async () => {
    const { projection, docs, saves } = organizations();

    await projection.apply(tx, wentLive);

    expect(saves).toEqual([]);
    expect(docs.size).toBe(0);
  });

  it('saves nothing when evolve leaves the document as it was', async () => {
    const { projection, saves } = organizations();

    await projection.apply(tx, created);
    await projection.apply(tx, created);

    expect(saves).toEqual([ORG_ID]);
  });

  it('empties its store on reset', async () => {
    const { projection, docs } = organizations();
    await projection.apply(tx, created);

    await projection.reset(tx);

    expect(docs.size).toBe(0);
  });

  it('applies a run with one load and one save per document, leaving what one-by-one application leaves', async () => {
    const oneByOne = organizations();
    await oneByOne.projection.apply(tx, created);
    await oneByOne.projection.apply(tx, wentLive);

    const inRun = organizations();
    await inRun.projection.applyRun!(tx, [created, wentLive]);
    expect(inRun.saves).toEqual([ORG_ID]);
    expect(inRun.docs.get(ORG_ID)).toEqual(oneByOne.docs.get(ORG_ID));
    expect(inRun.docs.get(ORG_ID)).toMatchObject({ onboardingStatus: 'LIVE' });

    // An event its document ignores (went live before it exists) saves nothing, in a run as alone.
    const early = organizations();
    await early.projection.applyRun!(tx, [wentLive]);
    expect(early.saves).toEqual([]);
  });
});
