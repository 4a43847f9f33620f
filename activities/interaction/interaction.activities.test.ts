import { MockActivityEnvironment } from '@temporalio/testing';
import type { DomainEvent } from '../../events/catalog';
import type { InteractionInput } from '../../domain/interaction/interaction.schema';
import { UNBOOKED_CALL } from '../llm/ai-tasks/interactions.fixtures';
import { OfflineLanguageEngine } from '../llm/adapters/offline/offline.engine';
import { LanguageEngineError, type LanguageEngine } from '../llm/language-engine.port';
import { createLogger } from '../../lib/logger';
import { mergeCallDeliveries } from '../../domain/call/call-record-merge';
import type { InteractionActionFact } from './interaction-context.port';
import { createInteractionActivities, type AnalysisOutcome, type ConclusionOutcome } from './interaction.activities';

const ORG_ID = '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e';
const step = {
  meta: { correlationId: 'corr' },
  causationId: 'workflow:test',
  orgId: ORG_ID,
  interactionId: '5d0c7a4e-1f2b-4c3d-8e9f-0a1b2c3d4e5f',
  eventId: '11111111-1111-4111-8111-111111111111',
  errorEventId: '22222222-2222-4222-8222-222222222222',
  analysis: UNBOOKED_CALL,
};

function activities(engine: LanguageEngine, actions: InteractionActionFact[] = [], customInstructions: unknown = null) {
  const published: DomainEvent[] = [];
  const acts = createInteractionActivities({
    events: { publish: async (events) => void published.push(...events) },
    engine,
    context: {
      findOrganization: async () => ({
        name: 'Demo HVAC',
        timezone: 'America/Chicago',
        tradesOffered: ['HVAC'],
        customInstructions,
        officeHours: { timezone: 'America/Chicago', regularHours: null, holidays: [] },
        agents: [
          { id: 'agent-office', agentType: 'OFFICE_HOURS_CSR' as const },
          { id: 'agent-after', agentType: 'AFTER_HOURS_CSR' as const },
          { id: 'agent-sales', agentType: 'SALES_AGENT' as const },
        ],
      }),
      listActions: async () => actions,
    },
    logger: createLogger('test', 'silent'),
  });
  return { acts, published };
}

describe('interaction activities', () => {
  it('classifies with the offline engine and publishes the classification', async () => {
    const { acts, published } = activities(new OfflineLanguageEngine());
    const result = await new MockActivityEnvironment().run(acts.classifyInteraction, step);
    expect(result).toMatchObject({ ok: true });
    expect(published.map((e) => e.type)).toEqual(['InteractionClassified']);
    expect(published[0].eventId).toBe(step.eventId);
  });

  it('tags an UNBOOKED call whose caller asked for an earlier slot sooner_slot (spec 000 §4: a booking outcome on any call)', async () => {
    const { acts, published } = activities(new OfflineLanguageEngine());
    const analysis: InteractionInput = {
      ...UNBOOKED_CALL,
      transcript: [
        ...UNBOOKED_CALL.transcript.slice(0, 6),
        { role: 'Agent', message: 'The first opening I have is Friday between 1 and 3 PM.', timestamp: '00:28', seconds: 28 },
        { role: 'Customer', message: "Friday's a long way off. You don't have anything sooner, like tomorrow?", timestamp: '00:34', seconds: 34 },
        { role: 'Agent', message: "I'm sorry, Friday is the earliest I can see.", timestamp: '00:40', seconds: 40 },
        { role: 'Customer', message: "Okay, I'll think about it and maybe call back. Bye.", timestamp: '00:45', seconds: 45 },
      ],
    };
    const result = await new MockActivityEnvironment().run(acts.tagInteraction, { ...step, analysis, callStatus: 'UNBOOKED' as const });
    expect(result).toMatchObject({ ok: true });
    const tagged = published.find((e) => e.type === 'InteractionTagged') as { data: { tags: string[]; reasons: Record<string, string> } };
    expect(tagged.data.tags).toContain('sooner_slot');
    expect(tagged.data.reasons.sooner_slot).toMatch(/sooner/i);
    expect(published.some((e) => e.type === 'InteractionEventRecorded')).toBe(false);
  });

  it('records an engine that keeps failing as a call_error, never as a result', async () => {
    const broken: LanguageEngine = {
      name: 'broken',
      complete: async () => {
        throw new LanguageEngineError('UNAVAILABLE', 'engine down', { engine: 'broken' });
      },
    };
    const { acts, published } = activities(broken);
    // Early attempts are left to Temporal's retry policy; the last one records the failure.
    await expect(new MockActivityEnvironment({ attempt: 1 }).run(acts.classifyInteraction, step)).rejects.toThrow('engine down');
    expect(published).toEqual([]);
    const last = await new MockActivityEnvironment({ attempt: 3 }).run(acts.classifyInteraction, step);
    expect(last).toEqual({ ok: false });
    expect(published).toMatchObject([
      {
        type: 'InteractionEventRecorded',
        eventId: step.errorEventId,
        data: { name: 'call_error', metadata: { task: 'classify_interaction', code: 'UNAVAILABLE' } },
      },
    ]);
  });

  it('records answers that never fit the schema as a call_error', async () => {
    const nonsense: LanguageEngine = {
      name: 'nonsense',
      complete: async () => ({
        message: { content: '{"call_type":"Maybe"}', toolCalls: [] },
        usage: { promptTokens: 1, completionTokens: 1 },
        costUsd: 0,
        engine: 'nonsense',
        model: 'm',
      }),
    };
    const { acts, published } = activities(nonsense);
    expect(await new MockActivityEnvironment().run(acts.classifyInteraction, step)).toEqual({ ok: false });
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ type: 'InteractionEventRecorded', data: { name: 'call_error', metadata: { code: 'INVALID_OUTPUT' } } });
  });

  describe('the actions a call started', () => {
    const booking = (status: string): InteractionActionFact => ({
      id: '33333333-3333-4333-8333-333333333333',
      type: 'job_booking',
      status,
      payload: { jobTypeId: 'jt-1', summary: 'No heat' },
    });
    const record = {
      ...mergeCallDeliveries('retell', 'call_booked', []),
      status: 'ended' as const,
      transcriptObject: [
        { role: 'Agent' as const, content: 'Thanks for calling Demo HVAC, how can I help?' },
        { role: 'Customer' as const, content: 'My furnace stopped working, can someone come out tomorrow morning?' },
        { role: 'Agent' as const, content: 'You are all set for tomorrow between 8 and 10.' },
      ],
    };

    it('lists only the actions the pipeline understands', async () => {
      const { acts } = activities(new OfflineLanguageEngine(), [booking('COMPLETED'), { ...booking('NEW'), id: 'x', type: 'teleport' }]);
      expect(await new MockActivityEnvironment().run(acts.listInteractionActions, { interactionId: step.interactionId })).toEqual([
        { id: booking('COMPLETED').id, type: 'job_booking', status: 'COMPLETED', payload: booking('COMPLETED').payload },
      ]);
    });

    it.each([
      ['COMPLETED', 'Booked'],
      ['DROPPED', 'Unbooked'],
      ['NEW', 'Unbooked'],
    ])('classifies a call whose booking is %s as %s', async (status, callType) => {
      const { acts, published } = activities(new OfflineLanguageEngine());
      const env = new MockActivityEnvironment();
      const { analysis: _unused, ...ref } = step;
      const analysis: InteractionInput = await env.run(acts.transcribeInteraction, {
        ...ref,
        record,
        actions: [{ ...booking(status), type: 'job_booking' as const, status: status as 'NEW' }],
      });
      expect(analysis.facts.actions).toHaveLength(1);
      await env.run(acts.classifyInteraction, { ...step, analysis });
      expect(published.find((e) => e.type === 'InteractionClassified')).toMatchObject({ data: { callType } });
    });
  });

  describe("the call's agent type, from the organization's agents (spec 000 §6)", () => {
    const ended = (over: object) => ({ ...mergeCallDeliveries('retell', 'call_agent', []), status: 'ended' as const, ...over });
    const agentTypeOf = async (record: ReturnType<typeof ended>) => {
      const { acts, published } = activities(new OfflineLanguageEngine());
      const env = new MockActivityEnvironment();
      const { analysis: _unused, ...ref } = step;
      const analysis: InteractionInput = await env.run(acts.transcribeInteraction, { ...ref, record });
      await env.run(acts.recordCallStarted, { ...ref, eventIds: [crypto.randomUUID(), crypto.randomUUID()] as [string, string], record });
      const started = published.find((e) => e.type === 'CallStarted') as { data: { agentType: string | null } };
      return { transcribed: analysis.agentType, started: started.data.agentType };
    };

    it('is the office-hours or after-hours CSR for an inbound call, by the hours at its start, in both steps', async () => {
      // Monday 2026-01-05, 10 AM and 8 PM in Chicago.
      expect(await agentTypeOf(ended({ direction: 'inbound', startedAt: '2026-01-05T16:00:00.000Z' }))).toEqual({
        transcribed: 'OFFICE_HOURS_CSR',
        started: 'OFFICE_HOURS_CSR',
      });
      expect(await agentTypeOf(ended({ direction: 'inbound', startedAt: '2026-01-06T02:00:00.000Z' }))).toEqual({
        transcribed: 'AFTER_HOURS_CSR',
        started: 'AFTER_HOURS_CSR',
      });
    });

    it("is the org agent's type when the call's voice agent is one, and stays the receptionist for an unnamed outbound call", async () => {
      expect((await agentTypeOf(ended({ direction: 'outbound', voiceAgentId: 'agent-sales' }))).transcribed).toBe('SALES_AGENT');
      expect(await agentTypeOf(ended({ direction: 'outbound', voiceAgentId: 'agent_elsewhere' }))).toEqual({ transcribed: 'RECEPTIONIST', started: null });
    });
  });

  describe("the organization's custom instructions (001 §2.14)", () => {
    const record = {
      ...mergeCallDeliveries('retell', 'call_warranty', []),
      status: 'ended' as const,
      transcriptObject: [
        { role: 'Agent' as const, content: 'Thanks for calling Demo HVAC, how can I help?' },
        { role: 'Customer' as const, content: 'My furnace stopped working, is the repair covered by my warranty? Can someone come out?' },
        { role: 'Agent' as const, content: 'Let me have the office check your warranty and call you back.' },
      ],
    };
    const instructions = {
      is_lead: { instructions: [{ title: 'warranty', isLead: false, instruction: 'Warranty claims go to the manufacturer; they are not leads' }] },
      booked_summary: { enabled: true, instructions: [{ title: 'Equipment', instruction: 'Brand and age of the unit' }] },
      job_tagging: { enabled: false, tags: { Priority: 'No heat' } },
    };

    /** The offline engine, recording every request it is sent. */
    function recordingEngine() {
      const offline = new OfflineLanguageEngine();
      const requests: Parameters<LanguageEngine['complete']>[0][] = [];
      const engine: LanguageEngine = { name: 'recording', complete: (req) => (requests.push(req), offline.complete(req)) };
      return { engine, requests };
    }

    async function identify(customInstructions: unknown) {
      const { engine, requests } = recordingEngine();
      const { acts, published } = activities(engine, [], customInstructions);
      const env = new MockActivityEnvironment();
      const { analysis: _unused, ...ref } = step;
      const analysis: InteractionInput = await env.run(acts.transcribeInteraction, { ...ref, record });
      await env.run(acts.identifyCustomer, { ...step, analysis });
      return { analysis, requests, identified: published.find((e) => e.type === 'CustomerIdentified') };
    }

    it('puts the instructions that apply in the task input, so every engine receives them in the prompt', async () => {
      const { analysis, requests } = await identify(instructions);
      expect(analysis.org.instructions).toEqual({
        isLead: instructions.is_lead.instructions,
        callReasons: [],
        bookedSummary: instructions.booked_summary.instructions,
        jobTags: [], // job tagging is switched off
      });
      const prompt = requests[0].messages.map((m) => m.content).join('\n');
      expect(prompt).toContain('Warranty claims go to the manufacturer; they are not leads');
      expect(prompt).toContain('org.instructions.isLead');
    });

    it("lets the organization's lead rule decide is_lead in the offline engine", async () => {
      const steered = await identify(instructions);
      expect(steered.identified).toMatchObject({ data: { isLead: false } });
      const plain = await identify(null);
      expect(plain.analysis.org.instructions.isLead).toEqual([]);
      expect(plain.identified).toMatchObject({ data: { isLead: true } });
    });
  });
});

describe('the AI steps as one activity (issue 16 point 1)', () => {
  const { eventId: _e, errorEventId: _r, ...ref } = step;
  const stepNames = ['identify', 'classify', 'reclassify', 'voicemail', 'summarize', 'tag', 'score'] as const;
  const steps = Object.fromEntries(
    stepNames.map((name, i) => [name, { eventId: `${i + 1}0000000-0000-4000-8000-000000000001`, errorEventId: `${i + 1}0000000-0000-4000-8000-000000000002` }]),
  ) as Record<(typeof stepNames)[number], { eventId: string; errorEventId: string }>;
  const input = { ...ref, steps };

  /** The offline engine, with `fail` deciding per task and try whether the engine fails instead. */
  function engineFailing(fail: (task: string, tries: number) => LanguageEngineError | undefined) {
    const offline = new OfflineLanguageEngine();
    const tries = new Map<string, number>();
    const engine: LanguageEngine = {
      name: 'flaky',
      complete: async (req) => {
        const task = req.responseSchema?.name ?? '';
        tries.set(task, (tries.get(task) ?? 0) + 1);
        const error = fail(task, tries.get(task)!);
        if (error) throw error;
        return offline.complete(req);
      },
    };
    return { engine, tries };
  }

  function recording(engine: LanguageEngine) {
    const publishes: DomainEvent[][] = [];
    const acts = createInteractionActivities({
      events: { publish: async (events) => void publishes.push(events) },
      engine,
      context: { findOrganization: async () => null, listActions: async () => [] },
      logger: createLogger('test', 'silent'),
    });
    return { acts, publishes };
  }

  it('runs the steps in order and publishes their events, under the ids the workflow gave, in one publish', async () => {
    const { acts, publishes } = recording(new OfflineLanguageEngine());
    const outcome: AnalysisOutcome = await new MockActivityEnvironment().run(acts.analyseInteraction, input);
    expect(outcome).toMatchObject({ classified: true, callStatus: 'UNBOOKED' });
    expect(publishes).toHaveLength(1);
    expect(publishes[0].map((e) => [e.type, e.eventId])).toEqual([
      ['CustomerIdentified', steps.identify.eventId],
      ['InteractionClassified', steps.classify.eventId],
      // The offline engine's second look keeps this call UNBOOKED: the step publishes nothing.
      ['VoicemailDetected', steps.voicemail.eventId],
      ['InteractionSummarized', steps.summarize.eventId],
      ['InteractionTagged', steps.tag.eventId],
      ['CallScored', steps.score.eventId],
    ]);
    expect(outcome.classified && outcome.tags).toEqual((publishes[0][4] as { data: { tags: string[] } }).data.tags);
  });

  it('publishes the same events when it is retried, so the projectors skip the repeat', async () => {
    const { acts, publishes } = recording(new OfflineLanguageEngine());
    const first = await new MockActivityEnvironment({ attempt: 1 }).run(acts.analyseInteraction, input);
    const again = await new MockActivityEnvironment({ attempt: 2 }).run(acts.analyseInteraction, input);
    expect(again).toEqual(first);
    const strip = (events: DomainEvent[]) => events.map(({ occurredAt: _at, ...e }) => e);
    expect(strip(publishes[1])).toEqual(strip(publishes[0]));
  });

  it('is thrown, and publishes nothing, when the bus fails: the retried group publishes every event', async () => {
    let down = true;
    const published: DomainEvent[][] = [];
    const acts = createInteractionActivities({
      events: {
        publish: async (events) => {
          if (down) throw new Error('broker unavailable');
          published.push(events);
        },
      },
      engine: new OfflineLanguageEngine(),
      context: { findOrganization: async () => null, listActions: async () => [] },
      logger: createLogger('test', 'silent'),
    });
    await expect(new MockActivityEnvironment().run(acts.analyseInteraction, input)).rejects.toThrow('broker unavailable');
    down = false;
    await new MockActivityEnvironment({ attempt: 2 }).run(acts.analyseInteraction, input);
    expect(published).toHaveLength(1);
    expect(published[0].map((e) => e.type)).toContain('CallScored');
  });

  it("records a step that keeps failing as that step's call_error and goes on with the others", async () => {
    const { engine, tries } = engineFailing((task) =>
      task === 'call_scorer' ? new LanguageEngineError('BAD_REQUEST', 'scorer refused', { engine: 'flaky' }) : undefined,
    );
    const { acts, publishes } = recording(engine);
    const outcome = await new MockActivityEnvironment().run(acts.analyseInteraction, input);
    expect(outcome).toMatchObject({ classified: true });
    expect(tries.get('call_scorer')).toBe(1); // not retryable: recorded at once
    expect(publishes[0].at(-1)).toMatchObject({
      type: 'InteractionEventRecorded',
      eventId: steps.score.errorEventId,
      data: { name: 'call_error', metadata: { task: 'call_scorer', code: 'BAD_REQUEST' } },
    });
    expect(publishes[0].map((e) => e.type)).toContain('InteractionTagged');
  });

  it('gives a failing engine its tries inside the activity, without running the steps before it again', async () => {
    const { engine, tries } = engineFailing((task, n) =>
      task === 'reached_voicemail' && n === 1 ? new LanguageEngineError('UNAVAILABLE', 'engine busy', { engine: 'flaky' }) : undefined,
    );
    const { acts, publishes } = recording(engine);
    await new MockActivityEnvironment().run(acts.analyseInteraction, input);
    expect(tries.get('reached_voicemail')).toBe(2);
    expect(tries.get('classify_interaction')).toBe(1);
    expect(publishes[0].find((e) => e.type === 'VoicemailDetected')).toMatchObject({ eventId: steps.voicemail.eventId });
  });

  it('stops at a call that cannot be classified: the identification and the classification error only', async () => {
    const { engine, tries } = engineFailing((task) =>
      task === 'classify_interaction' ? new LanguageEngineError('BAD_REQUEST', 'no', { engine: 'flaky' }) : undefined,
    );
    const { acts, publishes } = recording(engine);
    expect(await new MockActivityEnvironment().run(acts.analyseInteraction, input)).toEqual({ classified: false });
    expect(publishes).toEqual([
      [
        expect.objectContaining({ type: 'CustomerIdentified', eventId: steps.identify.eventId }),
        expect.objectContaining({ type: 'InteractionEventRecorded', eventId: steps.classify.errorEventId }),
      ],
    ]);
    expect(tries.has('reached_voicemail')).toBe(false);
  });
});

describe("an ended call's end, transcript and AI steps as one activity (issue 16 point 1)", () => {
  const { eventId: _e, errorEventId: _r, analysis: _a, ...ref } = step;
  const stepNames = ['identify', 'classify', 'reclassify', 'voicemail', 'summarize', 'tag', 'score'] as const;
  const steps = Object.fromEntries(
    stepNames.map((name, i) => [name, { eventId: `${i + 1}0000000-0000-4000-8000-000000000003`, errorEventId: `${i + 1}0000000-0000-4000-8000-000000000004` }]),
  ) as Record<(typeof stepNames)[number], { eventId: string; errorEventId: string }>;
  const record = {
    ...mergeCallDeliveries('retell', 'call_concluded', []),
    status: 'ended' as const,
    endedReason: 'user_hangup' as const,
    direction: 'inbound' as const,
    startedAt: '2026-01-05T16:00:00.000Z',
    transcriptObject: [
      { role: 'Agent' as const, content: 'Thanks for calling Demo HVAC, how can I help?' },
      { role: 'Customer' as const, content: 'My furnace stopped working, can someone come out tomorrow morning?' },
      { role: 'Agent' as const, content: 'You are all set for tomorrow between 8 and 10.' },
    ],
  };
  const endedEventIds: [string, string, string] = [
    'e0000000-0000-4000-8000-000000000001',
    'e0000000-0000-4000-8000-000000000002',
    'e0000000-0000-4000-8000-000000000003',
  ];
  const transcribedEventId = 'f0000000-0000-4000-8000-000000000001';

  it('publishes the end and the transcript first, then the steps; its outcome is the separate activities’ outcome', async () => {
    const together = activities(new OfflineLanguageEngine());
    const outcome: ConclusionOutcome = await new MockActivityEnvironment().run(together.acts.concludeInteraction, {
      ...ref,
      endedEventIds,
      transcribedEventId,
      record,
      actions: [],
      steps,
    });
    const types = together.published.map((e) => [e.type, e.eventId]);
    expect(types.slice(0, 3)).toEqual([
      ['CallEnded', endedEventIds[0]],
      ['InteractionEventRecorded', endedEventIds[1]],
      ['InteractionTranscribed', transcribedEventId],
    ]);
    expect(types.slice(3).map(([type]) => type)).toContain('InteractionClassified');

    // The same call through recordCallEnded, transcribeInteraction and analyseInteraction: the same events, the same outcome.
    const apart = activities(new OfflineLanguageEngine());
    const env = new MockActivityEnvironment();
    await env.run(apart.acts.recordCallEnded, { ...ref, eventIds: endedEventIds, record, timedOut: false });
    const analysis: InteractionInput = await env.run(apart.acts.transcribeInteraction, { ...ref, eventId: transcribedEventId, record, actions: [] });
    const separate: AnalysisOutcome = await env.run(apart.acts.analyseInteraction, { ...ref, analysis, steps });
    const timeless = (events: DomainEvent[]) => events.map(({ occurredAt: _at, ...e }) => e);
    expect(timeless(together.published)).toEqual(timeless(apart.published));
    expect(outcome).toEqual({ ...separate, agentType: analysis.agentType });
    expect(outcome.agentType).toBe('OFFICE_HOURS_CSR');
  });

  it('leaves the end out when the workflow recorded it already (a booking was settling)', async () => {
    const { acts, published } = activities(new OfflineLanguageEngine());
    await new MockActivityEnvironment().run(acts.concludeInteraction, { ...ref, transcribedEventId, record, steps });
    expect(published[0]).toMatchObject({ type: 'InteractionTranscribed', eventId: transcribedEventId });
    expect(published.some((e) => e.type === 'CallEnded')).toBe(false);
  });
});
