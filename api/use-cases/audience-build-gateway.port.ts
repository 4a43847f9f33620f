import type { BuildAudienceInput } from '../../workflows/audience-build/build-audience.types';

/** How a build request was taken: a new run, the same request joining the run going, or a newer one replacing it. */
export type AudienceBuildQueued = 'started' | 'joined' | 'replaced';

/** Queues audience builds as workflows; the build's progress is read from the audiences read model. */
export interface AudienceBuildGateway {
  queueBuild(input: BuildAudienceInput, workflowId: string): Promise<AudienceBuildQueued>;
}
