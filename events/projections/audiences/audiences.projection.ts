import type { EventOf } from '../../catalog';
import { AUDIENCE } from '../../schemas/audience.events';
import { documentProjection } from '../projection';
import { audiencesStore, type AudienceDoc } from './audiences.repository';

type AudienceEvent = EventOf<'AudienceBuildRequested'> | EventOf<'AudienceMembersFound'> | EventOf<'AudienceBuilt'> | EventOf<'AudienceBuildFailed'>;

export function evolveAudience(state: AudienceDoc | null, event: AudienceEvent): AudienceDoc | null {
  const at = new Date(event.occurredAt);
  // An audience belongs to the org whose build created it; an event naming another org is not applied.
  if (state && state.orgId !== event.data.orgId) return state;
  if (event.type === 'AudienceBuildRequested') {
    // A new build starts over; a late redelivery of an older build's request does not.
    if (state && (state.buildId === event.data.buildId || state.requestedAt > at)) return state;
    const { orgId, audienceId, buildId, source, isFileUpload, rules } = event.data;
    return {
      id: audienceId,
      orgId,
      buildId,
      creationStatus: 'PENDING',
      source,
      isFileUpload,
      rules,
      memberIds: [],
      memberCount: 0,
      error: null,
      requestedAt: at,
      completedAt: null,
      updatedAt: at,
    };
  }
  // Only the current build's own events move it, and only while it runs.
  if (!state || state.buildId !== event.data.buildId || state.creationStatus !== 'PENDING') return state;
  switch (event.type) {
    case 'AudienceMembersFound': {
      const known = new Set(state.memberIds);
      const fresh = event.data.customerIds.filter((id) => !known.has(id));
      if (fresh.length === 0) return state;
      const memberIds = [...state.memberIds, ...new Set(fresh)];
      return { ...state, memberIds, memberCount: memberIds.length, updatedAt: at };
    }
    case 'AudienceBuilt':
      return { ...state, creationStatus: 'COMPLETE', memberCount: state.memberIds.length, completedAt: at, updatedAt: at };
    case 'AudienceBuildFailed':
      return { ...state, creationStatus: 'ERRORED', error: event.data.reason, completedAt: at, updatedAt: at };
  }
}

export const audiencesProjection = documentProjection<AudienceDoc, AudienceEvent>({
  name: 'audiences',
  aggregateTypes: [AUDIENCE],
  handles: ['AudienceBuildRequested', 'AudienceMembersFound', 'AudienceBuilt', 'AudienceBuildFailed'],
  documentId: (e) => e.data.audienceId,
  evolve: evolveAudience,
  store: audiencesStore,
});
