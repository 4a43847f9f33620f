import { createCachedCrm, type ReferenceChanges, type ReferenceKind } from './cached-crm';
import type { CrmPort, CrmProvider } from './crm.port';
import type { JobType, Technician } from '../../domain/crm/crm-records';

const MINUTE = 60_000;

function jobType(id: string, name = `Type ${id}`): JobType {
  return { id, name, businessUnitIds: ['1'], duration: 7200, skills: [] };
}

function technician(id: string, name: string): Technician {
  return { id, name, email: '', phoneNumber: '', role: 'Technician', businessUnitIds: [], skills: [], active: true };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A CRM whose reference lists are counted and can be changed or made to fail between reads. */
function fakeCrm(options: { incremental?: boolean } = {}) {
  const state = {
    jobTypes: [jobType('1'), jobType('2')],
    technicians: [technician('t1', 'Sam')],
    listCalls: { jobTypes: 0, technicians: 0 },
    changeCalls: [] as { kind: ReferenceKind; since: Date }[],
    changes: { upserted: [] as unknown[], removedIds: [] as string[] },
    fail: false,
    gate: null as Promise<void> | null,
  };
  const port = {
    async listJobTypes() {
      state.listCalls.jobTypes += 1;
      if (state.gate) await state.gate;
      if (state.fail) throw new Error('CRM down');
      return [...state.jobTypes];
    },
    async listTechnicians() {
      state.listCalls.technicians += 1;
      return [...state.technicians];
    },
    async getCustomer(id: string) {
      return { id } as never;
    },
    ...(options.incremental
      ? {
          async referenceChangesSince<K extends ReferenceKind>(kind: K, since: Date): Promise<ReferenceChanges<K>> {
            state.changeCalls.push({ kind, since });
            if (state.fail) throw new Error('CRM down');
            return state.changes as ReferenceChanges<K>;
          },
        }
      : {}),
  } as unknown as CrmPort;
  const provider: CrmProvider & { orgs: string[] } = {
    orgs: [],
    forOrganization(orgId) {
      provider.orgs.push(orgId);
      return port;
    },
  };
  return { state, provider };
}

function fakeClock() {
  const clock = { at: Date.parse('2026-03-02T15:00:00Z'), now: () => clock.at };
  return clock;
}

describe('createCachedCrm', () => {
  it('reads a list from the CRM once and answers from memory until it is stale', async () => {
    const { state, provider } = fakeCrm();
    const clock = fakeClock();
    const crm = createCachedCrm(provider, { clock, refreshAfterMs: 5 * MINUTE }).forOrganization('org-1');

    const [a, b] = await Promise.all([crm.listJobTypes(), crm.listJobTypes()]);
    clock.at += 4 * MINUTE;
    const c = await crm.listJobTypes();

    expect(a).toEqual([jobType('1'), jobType('2')]);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(state.listCalls.jobTypes).toBe(1);
  });

  it('answers a stale list at once and refreshes it behind the caller', async () => {
    const { state, provider } = fakeCrm();
    const clock = fakeClock();
    const cache = createCachedCrm(provider, { clock, refreshAfterMs: 5 * MINUTE });
    const crm = cache.forOrganization('org-1');
    await crm.listJobTypes();

    state.jobTypes = [jobType('1', 'Renamed'), jobType('3')];
    const gate = deferred<void>();
    state.gate = gate.promise;
    clock.at += 6 * MINUTE;

    // The CRM has not answered yet, and the caller is not kept waiting for it.
    expect(await crm.listJobTypes()).toEqual([jobType('1'), jobType('2')]);
    expect(state.listCalls.jobTypes).toBe(2);
    expect(await crm.listJobTypes()).toEqual([jobType('1'), jobType('2')]);
    expect(state.listCalls.jobTypes).toBe(2);

    gate.resolve();
    await cache.settle('org-1');
    expect(await crm.listJobTypes()).toEqual([jobType('1', 'Renamed'), jobType('3')]);
  });

  it('refreshes incrementally from the last checkpoint when the adapter can, and fully now and then', async () => {
    const { state, provider } = fakeCrm({ incremental: true });
    const clock = fakeClock();
    const loadedAt = clock.at;
    const cache = createCachedCrm(provider, { clock, refreshAfterMs: 5 * MINUTE, fullRefreshAfterMs: 60 * MINUTE, overlapMs: MINUTE });
    const crm = cache.forOrganization('org-1');
    await crm.listJobTypes();

    state.changes = { upserted: [jobType('2', 'Two, renamed'), jobType('4')], removedIds: ['1'] };
    clock.at += 6 * MINUTE;
    await crm.listJobTypes();
    await cache.settle('org-1');

    expect(state.changeCalls).toEqual([{ kind: 'jobTypes', since: new Date(loadedAt - MINUTE) }]);
    expect(await crm.listJobTypes()).toEqual([jobType('2', 'Two, renamed'), jobType('4')]);
    expect(state.listCalls.jobTypes).toBe(1);

    state.changes = { upserted: [], removedIds: [] };
    clock.at += 6 * MINUTE;
    await crm.listJobTypes();
    await cache.settle('org-1');
    expect(state.changeCalls[1].since).toEqual(new Date(loadedAt + 6 * MINUTE - MINUTE));

    state.jobTypes = [jobType('9')];
    clock.at += 60 * MINUTE;
    await crm.listJobTypes();
    await cache.settle('org-1');
    expect(state.listCalls.jobTypes).toBe(2);
    expect(await crm.listJobTypes()).toEqual([jobType('9')]);
  });

  it('keeps answering the last good list while the CRM is down, and tries again later', async () => {
    const { state, provider } = fakeCrm();
    const clock = fakeClock();
    const errors: string[] = [];
    const cache = createCachedCrm(provider, {
      clock,
      refreshAfterMs: 5 * MINUTE,
      onRefreshError: (err, orgId, kind) => errors.push(`${orgId} ${kind} ${(err as Error).message}`),
    });
    const crm = cache.forOrganization('org-1');
    await crm.listJobTypes();

    state.fail = true;
    clock.at += 6 * MINUTE;
    await crm.listJobTypes();
    await cache.settle('org-1');
    expect(await crm.listJobTypes()).toEqual([jobType('1'), jobType('2')]);
    expect(errors).toEqual(['org-1 jobTypes CRM down']);
    expect(state.listCalls.jobTypes).toBe(2);

    state.fail = false;
    state.jobTypes = [jobType('5')];
    clock.at += 6 * MINUTE;
    await crm.listJobTypes();
    await cache.settle('org-1');
    expect(await crm.listJobTypes()).toEqual([jobType('5')]);
  });

  it('does not cache a failed first read', async () => {
    const { state, provider } = fakeCrm();
    const crm = createCachedCrm(provider, { clock: fakeClock() }).forOrganization('org-1');
    state.fail = true;
    await expect(crm.listJobTypes()).rejects.toThrow('CRM down');

    state.fail = false;
    expect(await crm.listJobTypes()).toHaveLength(2);
  });

  it('keeps organizations apart and passes every other call through', async () => {
    const { state, provider } = fakeCrm();
    const cache = createCachedCrm(provider, { clock: fakeClock() });
    await cache.forOrganization('org-1').listTechnicians();
    await cache.forOrganization('org-2').listTechnicians();
    await cache.forOrganization('org-1').listTechnicians();

    expect(state.listCalls.technicians).toBe(2);
    expect(provider.orgs).toEqual(['org-1', 'org-2']);
    expect(await cache.forOrganization('org-1').getCustomer('c-1')).toEqual({ id: 'c-1' });
  });

  it('hands out copies, so a caller cannot change the cached list', async () => {
    const { provider } = fakeCrm();
    const crm = createCachedCrm(provider, { clock: fakeClock() }).forOrganization('org-1');
    (await crm.listJobTypes()).pop();
    expect(await crm.listJobTypes()).toHaveLength(2);
  });
});
