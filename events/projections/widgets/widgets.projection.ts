import type { EventOf } from '../../catalog';
import type { WidgetSettings } from '../../../domain/contracts/widget.contract';
import { WIDGET } from '../../schemas/widget.events';
import { documentProjection } from '../projection';
import { sameJson } from '../same-json';
import { widgetsStore, type WidgetDoc } from './widgets.repository';

type WidgetEvent = EventOf<'WidgetCreated'> | EventOf<'WidgetConfigUpdated'>;

export function evolveWidget(state: WidgetDoc | null, event: WidgetEvent): WidgetDoc | null {
  const at = new Date(event.occurredAt);
  // A widget belongs to the org that created it; an event naming another org is not applied.
  if (state && state.orgId !== event.data.orgId) return state;
  if (event.type === 'WidgetCreated') {
    if (state) return state; // created once: a redelivery changes nothing
    // The event's settings were checked by the route against the contract (events keep a structural copy).
    return { id: event.data.widgetId, orgId: event.data.orgId, settings: event.data.settings as WidgetSettings, createdAt: at, updatedAt: at };
  }
  if (!state) return state;
  const changes = Object.fromEntries(Object.entries(event.data.changes).filter(([, v]) => v !== undefined));
  const settings = { ...state.settings, ...changes } as WidgetSettings;
  if (sameJson(settings, state.settings)) return state;
  return { ...state, settings, updatedAt: at };
}

export const widgetsProjection = documentProjection<WidgetDoc, WidgetEvent>({
  name: 'widgets',
  aggregateTypes: [WIDGET],
  handles: ['WidgetCreated', 'WidgetConfigUpdated'],
  documentId: (e) => e.data.widgetId,
  evolve: evolveWidget,
  store: widgetsStore,
});
