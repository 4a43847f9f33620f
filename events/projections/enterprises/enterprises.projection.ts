import type { EventOf } from '../../catalog';
import { ENTERPRISE } from '../../schemas/enterprise.events';
import { documentProjection } from '../projection';
import { sameJson } from '../same-json';
import { enterprisesStore, type EnterpriseDoc } from './enterprises.repository';

type EnterpriseEvent = EventOf<'EnterpriseCreated'> | EventOf<'EnterpriseAdminsChanged'>;

/** Admins are kept as a set in the order given, so a redelivered change is not a new one. */
export function evolveEnterprise(state: EnterpriseDoc | null, event: EnterpriseEvent): EnterpriseDoc | null {
  switch (event.type) {
    case 'EnterpriseCreated':
      if (state) return state; // created once
      return { id: event.data.enterpriseId, name: event.data.name, admins: [...new Set(event.data.admins)], createdAt: new Date(event.occurredAt) };
    case 'EnterpriseAdminsChanged': {
      if (!state) return state;
      const admins = [...new Set(event.data.admins)];
      return sameJson(admins, state.admins) ? state : { ...state, admins };
    }
  }
}

export const enterprisesProjection = documentProjection<EnterpriseDoc, EnterpriseEvent>({
  name: 'enterprises',
  aggregateTypes: [ENTERPRISE],
  handles: ['EnterpriseCreated', 'EnterpriseAdminsChanged'],
  documentId: (e) => e.data.enterpriseId,
  evolve: evolveEnterprise,
  store: enterprisesStore,
});
