import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';

/** The message of what an activity last failed with, under Temporal's ActivityFailure wrapper: what a user is told. */
export function failureMessage(err: unknown): string {
  let current = err as Error & { cause?: Error };
  while (current instanceof ActivityFailure && current.cause) current = current.cause as Error & { cause?: Error };
  return current instanceof ApplicationFailure || current instanceof Error ? current.message : String(err);
}
