import { proxyActivities } from '@temporalio/workflow';
import type { FloorActivities } from './floor.activities';

// The engine's floor for the post-call pipeline (issue 16 point 1): `bench:calls` runs this bare workflow with as
// many sequential activities as the pipeline makes round trips, each doing nothing, on the same server, with the
// interaction queue's worker settings, at the same rates.
const { doNothing } = proxyActivities<FloorActivities>({ startToCloseTimeout: '30 seconds' });

export async function floorWorkflow(activities: number): Promise<void> {
  for (let i = 0; i < activities; i += 1) await doNothing();
}
