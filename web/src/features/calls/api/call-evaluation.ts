import type { CallDetails } from './calls.schema';

/** Spec 000 §4 "Voice call evaluation status": how each is shown; a reviewed one is outlined. */
export const EVALUATION_STATUS: Record<string, { label: string; colorPalette: string; variant: 'solid' | 'outline' }> = {
  success: { label: 'Success', colorPalette: 'green', variant: 'solid' },
  failed: { label: 'Failed', colorPalette: 'red', variant: 'solid' },
  reviewed_success: { label: 'Reviewed: success', colorPalette: 'green', variant: 'outline' },
  reviewed_failure: { label: 'Reviewed: failure', colorPalette: 'red', variant: 'outline' },
};

export const evaluationStatusOf = (status: string) => EVALUATION_STATUS[status] ?? { label: status, colorPalette: 'gray', variant: 'outline' as const };

/** "customer_frustrated_detected" → "Customer frustrated detected". */
export const flagLabel = (flag: string) => {
  const words = flag.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The failed flags with the scorer's reasoning for each, in the order the verdict names them. */
export function failedFlagsOf(evaluation: NonNullable<CallDetails['evaluation']>): { flag: string; label: string; reasoning: string }[] {
  return evaluation.failedFlags.map((flag) => ({ flag, label: flagLabel(flag), reasoning: evaluation.flags[flag]?.reasoning ?? '' }));
}

/**
 * Why a call cannot be evaluated from the page, or null when it can: the evaluation needs the call's agent
 * type and a transcript (POST /llm/evaluation answers 400 without one).
 */
export function cannotEvaluate(details: CallDetails): string | null {
  if (!details.data.agent_type) return "The call's agent type is not known, so it cannot be evaluated.";
  if (details.transcript.length === 0) return 'The call has no transcript to evaluate.';
  return null;
}

/**
 * The read model follows the TraceEvaluated event by a moment: refreshes the call details until they show the
 * evaluation just made, a few times. True once it is shown.
 */
export async function waitForEvaluation(
  evaluationId: string,
  refresh: () => Promise<CallDetails | undefined>,
  { attempts = 10, intervalMs = 700 }: { attempts?: number; intervalMs?: number } = {},
): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    const details = await refresh();
    if (details?.evaluation?.evaluationId === evaluationId) return true;
    if (i < attempts - 1) await new Promise((r) => setTimeout(r, intervalMs));
  }
  return false;
}
