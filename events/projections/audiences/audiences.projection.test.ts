import { createEvent } from '../../catalog';
import { evolveAudience } from './audiences.projection';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const OTHER_ORG = '9b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const AUDIENCE_ID = '5a1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f';
let n = 0;
const envelope = (minute: number, orgId = ORG_ID) => ({
  eventId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  aggregateId: AUDIENCE_ID,
  orgId,
  correlationId: 'c',
  causationId: null,
  occurredAt: new Date(Date.UTC(2026, 10, 25, 12, minute)),
});
const ids = (buildId: string, orgId = ORG_ID) => ({ orgId, audienceId: AUDIENCE_ID, buildId });
const requested = (buildId: string, minute: number, orgId = ORG_ID) =>
  createEvent({
    ...envelope(minute, orgId),
    type: 'AudienceBuildRequested',
    data: { ...ids(buildId, orgId), source: 'RULES', isFileUpload: false, rules: { job_types: [{ id: '101', name: 'Repair' }] } },
  });
const found = (buildId: string, customerIds: string[], minute: number) =>
  createEvent({ ...envelope(minute), type: 'AudienceMembersFound', data: { ...ids(buildId), customerIds } });
const built = (buildId: string, memberCount: number, minute: number) =>
  createEvent({ ...envelope(minute), type: 'AudienceBuilt', data: { ...ids(buildId), memberCount } });
const failed = (buildId: string, minute: number) =>
  createEvent({ ...envelope(minute), type: 'AudienceBuildFailed', data: { ...ids(buildId), reason: 'The CRM is unavailable' } });

/** Applies each event twice, as a redelivery would. */
const replay = (events: Parameters<typeof evolveAudience>[1][]) =>
  events.reduce<ReturnType<typeof evolveAudience>>((state, e) => evolveAudience(evolveAudience(state, e), e), null);

describe('audiences read model', () => {
  it('is PENDING once requested, gathers members batch by batch and is COMPLETE when built; each event twice changes nothing more', () => {
    const pending = replay([requested('run-1', 0)])!;
    expect(pending).toMatchObject({ id: AUDIENCE_ID, orgId: ORG_ID, creationStatus: 'PENDING', memberIds: [], memberCount: 0, source: 'RULES' });
    const complete = replay([requested('run-1', 0), found('run-1', ['1', '2'], 1), found('run-1', ['2', '3'], 1), built('run-1', 3, 2)])!;
    expect(complete).toMatchObject({
      creationStatus: 'COMPLETE',
      memberIds: ['1', '2', '3'],
      memberCount: 3,
      completedAt: new Date(Date.UTC(2026, 10, 25, 12, 2)),
    });
    expect(evolveAudience(complete, found('run-1', ['9'], 3))).toBe(complete);
  });

  it('is ERRORED with the reason when the build fails', () => {
    expect(replay([requested('run-1', 0), failed('run-1', 1)])).toMatchObject({ creationStatus: 'ERRORED', error: 'The CRM is unavailable', memberCount: 0 });
  });

  it('starts over on a new build and ignores what the superseded build still sends', () => {
    const rebuilt = replay([
      requested('run-1', 0),
      found('run-1', ['1'], 1),
      built('run-1', 1, 2),
      requested('run-2', 3),
      found('run-1', ['7'], 4),
      built('run-1', 1, 4),
    ])!;
    expect(rebuilt).toMatchObject({ buildId: 'run-2', creationStatus: 'PENDING', memberIds: [] });
    // A late redelivery of the older request does not take the audience back.
    expect(evolveAudience(rebuilt, requested('run-1', 0))).toBe(rebuilt);
  });

  it("ignores events that name another org's audience", () => {
    const mine = replay([requested('run-1', 0)])!;
    expect(evolveAudience(mine, requested('run-x', 5, OTHER_ORG))).toBe(mine);
  });
});
