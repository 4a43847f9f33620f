import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { ConsumedEvent } from './bus/event-bus.port';
import type { DomainEvent } from './catalog';
import { callEventsPassedOver } from './projector';

// Only the envelope's type and aggregate matter to the filter.
let offset = 0;
const consumed = (type: string, interactionId: string): ConsumedEvent => ({
  event: { eventId: randomUUID(), type, aggregateId: interactionId } as unknown as DomainEvent,
  topic: 'interaction',
  partition: 0,
  offset: String((offset += 1)),
});
const types = (run: ConsumedEvent[]) => run.map((c) => `${c.event.type}:${c.event.aggregateId}`);

describe('callEventsPassedOver', () => {
  it("passes over a call's events once its start was seen, and keeps every chat's", () => {
    const keep = callEventsPassedOver(['WidgetChatRegistered']);
    const [call, chat] = ['call', 'chat'];
    expect(types(keep([consumed('WidgetChatRegistered', chat), consumed('CallStarted', call), consumed('InteractionEventRecorded', call)]))).toEqual([
      'WidgetChatRegistered:chat',
    ]);
    expect(types(keep([consumed('InteractionClassified', call), consumed('InteractionClassified', chat), consumed('InteractionTagged', call)]))).toEqual([
      'InteractionClassified:chat',
    ]);
  });

  it('keeps the events of a call whose start it did not see (a restarted projector)', () => {
    const keep = callEventsPassedOver(['WidgetChatRegistered']);
    expect(types(keep([consumed('InteractionClassified', 'call')]))).toEqual(['InteractionClassified:call']);
  });

  it("keeps an interaction's events again once a chat starts on it", () => {
    const keep = callEventsPassedOver(['ChatSessionStarted']);
    expect(
      types(keep([consumed('CallStarted', 'x'), consumed('InteractionTagged', 'x'), consumed('ChatSessionStarted', 'x'), consumed('InteractionTagged', 'x')])),
    ).toEqual(['ChatSessionStarted:x', 'InteractionTagged:x']);
  });

  it('forgets the oldest calls past its capacity, and then applies their events as before', () => {
    const keep = callEventsPassedOver(['WidgetChatRegistered'], 2);
    keep([consumed('CallStarted', 'a'), consumed('CallStarted', 'b'), consumed('CallStarted', 'c')]);
    expect(types(keep([consumed('InteractionTagged', 'a'), consumed('InteractionTagged', 'b'), consumed('InteractionTagged', 'c')]))).toEqual([
      'InteractionTagged:a',
    ]);
  });
});
