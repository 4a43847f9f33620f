import { describe, expect, it } from '@jest/globals';
import { parseEvent } from '../events/catalog';
import { evolveWidgetChat, WIDGET_CHAT_EVENT_TYPES, type WidgetChatEvent } from '../events/projections/widget-chats/widget-chats.projection';
import type { WidgetChatDoc } from '../events/projections/widget-chats/widget-chats.repository';
import { demoCalls, syntheticCallEvents, withDemoTranscript } from './demo-calls';
import { demoChats, demoWidgetEvent, demoWidgetId, syntheticChatEvents } from './demo-chats';

const ORG = '6f1c0c1e-0000-4000-8000-000000000001';
const handled = new Set<string>(WIDGET_CHAT_EVENT_TYPES);

function fold(events: ReturnType<typeof syntheticChatEvents>): WidgetChatDoc | null {
  return events.filter((e) => handled.has(e.type)).reduce<WidgetChatDoc | null>((doc, e) => evolveWidgetChat(doc, e as WidgetChatEvent), null);
}

describe('demo website chats', () => {
  const chats = demoChats(ORG, 'America/Chicago', '2026-11-20');

  it('gives two months of chats, booked and not, the same on every run', () => {
    expect(chats.length).toBeGreaterThan(30);
    expect(demoChats(ORG, 'America/Chicago', '2026-11-20')).toEqual(chats);
    expect(new Set(chats.map((c) => c.outcome))).toEqual(new Set(['Booked', 'Unbooked']));
  });

  it('publishes valid events, with ids that make a second seed change nothing', () => {
    const events = [demoWidgetEvent(ORG, 'Demo Heating & Air'), ...chats.flatMap(syntheticChatEvents)];
    for (const e of events) expect(() => parseEvent(JSON.parse(JSON.stringify(e)))).not.toThrow();
    const ids = events.map((e) => e.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(chats.flatMap(syntheticChatEvents).map((e) => e.eventId)).toEqual(ids.slice(1));
  });

  it('folds into the Chats page row the widget would have left: booked with its appointment, or stopped where the visitor stopped', () => {
    const booked = chats.find((c) => c.outcome === 'Booked')!;
    const row = fold(syntheticChatEvents(booked))!;
    expect(row).toMatchObject({
      widgetId: demoWidgetId(ORG),
      stage: 'CREATE_BOOKING',
      actionStatus: 'COMPLETED',
      callType: 'Booked',
      callStatus: 'BOOKED',
      endReason: 'booked',
      tags: ['booked'],
    });
    expect(row.appointmentTime).not.toBeNull();
    // Analytics reads the service asked for from the service step's result.
    expect(row.chatDetails).toEqual(expect.arrayContaining([expect.objectContaining({ step: 'service', result: booked.service })]));
    expect((row.transcriptLines as { role: string }[]).map((l) => l.role)).toContain('Customer');

    const stopped = chats.find((c) => c.outcome === 'Unbooked' && c.stepsAnswered === 1)!;
    const stoppedRow = fold(syntheticChatEvents(stopped))!;
    expect(stoppedRow).toMatchObject({ stage: 'PHONE_LOOKUP', callType: 'Unbooked', endReason: 'expired', appointmentTime: null });
    expect(stoppedRow.chatDetails.map((d) => (d as { step: string }).step)).toEqual(['service', 'phone']);
  });
});

describe('demo call transcripts', () => {
  const calls = demoCalls(ORG, 'America/Chicago', '2026-11-20');

  it('add the transcript to the call record and as transcript lines; the benchmarks’ calls carry none', () => {
    const booked = withDemoTranscript(calls.find((c) => c.outcome === 'Booked')!);
    const events = syntheticCallEvents(booked);
    const transcribed = events.find((e) => e.type === 'InteractionTranscribed');
    expect(transcribed).toBeDefined();
    const ended = events.find((e) => e.type === 'CallEnded')!;
    expect((ended.data as { record: { transcriptObject: unknown[] } }).record.transcriptObject).toHaveLength(booked.transcript!.length);
    for (const e of events) expect(() => parseEvent(JSON.parse(JSON.stringify(e)))).not.toThrow();
    expect(syntheticCallEvents(calls[0]).some((e) => e.type === 'InteractionTranscribed')).toBe(false);
  });
});
