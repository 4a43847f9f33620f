import { defineSignal } from '@temporalio/workflow';

/** The agent's transfer tools or its platform agent changed again: the run writes the newest once more. */
export const agentPlatformChangedSignal = defineSignal('agentPlatformChanged');
