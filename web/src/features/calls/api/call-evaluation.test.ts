import { describe, expect, it } from '@jest/globals';
import { cannotEvaluate, evaluationStatusOf, failedFlagsOf, waitForEvaluation } from './call-evaluation';
import type { CallDetails, CallEvaluation } from './calls.schema';

const evaluation = (over: Partial<CallEvaluation> = {}): CallEvaluation => ({
  evaluationId: 'e-1',
  status: 'failed',
  failedFlags: ['interrupted_user', 'went_silent'],
  standoutSummary: 'Talked over the caller.',
  evaluatedAt: '2026-11-25T09:30:00.000Z',
  flags: {
    interrupted_user: { value: true, reasoning: 'Spoke over the caller twice.' },
    went_silent: { value: true, reasoning: 'Eight seconds of silence after the address.' },
    forgot_dispatch_fee: { value: false, reasoning: 'Mentioned the fee.' },
  },
  ...over,
});

const details = (over: { agent_type?: string | null; transcript?: CallDetails['transcript']; evaluation?: CallEvaluation | null } = {}) =>
  ({
    transcript: over.transcript ?? [{ role: 'Agent', message: 'Hello', timestamp: '0:00', seconds: 0 }],
    data: { agent_type: over.agent_type === undefined ? 'OFFICE_HOURS_CSR' : over.agent_type },
    evaluation: over.evaluation ?? null,
  }) as CallDetails;

describe('a call evaluation on the call details page', () => {
  it('shows success green, failed red, reviewed ones outlined, and an unknown status plainly', () => {
    expect(evaluationStatusOf('success')).toMatchObject({ label: 'Success', colorPalette: 'green' });
    expect(evaluationStatusOf('failed')).toMatchObject({ label: 'Failed', colorPalette: 'red' });
    expect(evaluationStatusOf('reviewed_success')).toEqual({ label: 'Reviewed: success', colorPalette: 'green', variant: 'outline' });
    expect(evaluationStatusOf('reviewed_failure')).toEqual({ label: 'Reviewed: failure', colorPalette: 'red', variant: 'outline' });
    expect(evaluationStatusOf('escalated')).toEqual({ label: 'escalated', colorPalette: 'gray', variant: 'outline' });
  });

  it('lists only the failed flags, each with its reasoning', () => {
    expect(failedFlagsOf(evaluation())).toEqual([
      { flag: 'interrupted_user', label: 'Interrupted user', reasoning: 'Spoke over the caller twice.' },
      { flag: 'went_silent', label: 'Went silent', reasoning: 'Eight seconds of silence after the address.' },
    ]);
    expect(failedFlagsOf(evaluation({ status: 'success', failedFlags: [] }))).toEqual([]);
  });

  it('says why a call cannot be evaluated: no agent type, or no transcript', () => {
    expect(cannotEvaluate(details())).toBeNull();
    expect(cannotEvaluate(details({ agent_type: null }))).toMatch(/agent type is not known/);
    expect(cannotEvaluate(details({ transcript: [] }))).toBe('The call has no transcript to evaluate.');
  });

  it('refreshes until the new evaluation shows, and gives up after a few tries', async () => {
    const answers = [details(), details({ evaluation: evaluation({ evaluationId: 'older' }) }), details({ evaluation: evaluation({ evaluationId: 'e-2' }) })];
    let calls = 0;
    expect(await waitForEvaluation('e-2', async () => answers[calls++], { intervalMs: 0 })).toBe(true);
    expect(calls).toBe(3);

    let tries = 0;
    const stale = async () => {
      tries++;
      return details();
    };
    expect(await waitForEvaluation('e-3', stale, { attempts: 4, intervalMs: 0 })).toBe(false);
    expect(tries).toBe(4);
  });
});
