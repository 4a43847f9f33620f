// The messages between the loader on the host page (web/embed/loader) and the widget app in its iframe
// (web/embed/app), over window.postMessage. One module for both builds. Every message carries PROTOCOL, and a
// receiver takes a message only from the exact origin and window it expects (fromExpected) and only in one of
// the shapes below (parseAppMessage, parseHostMessage): anything else on the channel is ignored.

export { parseOrigin, widgetSiteOrigins } from '../../domain/contracts/widget-sites';

export const PROTOCOL = 'homeagent-widget/1';

/** What the launcher shows, from the widget's configuration (the app has read it; the loader never calls the API). */
export interface LauncherLook {
  title: string;
  primaryColor: string;
  textColor: string;
  theme: 'light' | 'dark';
}

/** App → loader. */
export type AppMessage =
  | { protocol: typeof PROTOCOL; type: 'ready'; look: LauncherLook }
  | { protocol: typeof PROTOCOL; type: 'unavailable'; reason: string }
  | { protocol: typeof PROTOCOL; type: 'close' };

/** Loader → app. */
export type HostMessage = { protocol: typeof PROTOCOL; type: 'open' } | { protocol: typeof PROTOCOL; type: 'closed' };

type Envelope = Record<string, unknown> & { protocol: typeof PROTOCOL; type: string };

function envelope(data: unknown): Envelope | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  return record.protocol === PROTOCOL && typeof record.type === 'string' ? (record as Envelope) : null;
}

const text = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
// A colour goes into a style property; the app already checked it against the widget's colour rule, and this keeps
// anything that is not plainly a colour (no url(), no semicolons) out of the host page.
const COLOUR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([\d.,%\s]+\))$/i;
const colour = (v: unknown): v is string => typeof v === 'string' && COLOUR.test(v.trim());

function look(v: unknown): LauncherLook | null {
  if (typeof v !== 'object' || v === null) return null;
  const l = v as Record<string, unknown>;
  if (!text(l.title, 120) || !colour(l.primaryColor) || !colour(l.textColor) || (l.theme !== 'light' && l.theme !== 'dark')) return null;
  return { title: l.title, primaryColor: l.primaryColor, textColor: l.textColor, theme: l.theme };
}

/** A message from the app in one of its shapes, or null. */
export function parseAppMessage(data: unknown): AppMessage | null {
  const m = envelope(data);
  if (!m) return null;
  switch (m.type) {
    case 'ready': {
      const l = look(m.look);
      return l ? { protocol: PROTOCOL, type: 'ready', look: l } : null;
    }
    case 'unavailable':
      return text(m.reason, 500) ? { protocol: PROTOCOL, type: 'unavailable', reason: m.reason } : null;
    case 'close':
      return { protocol: PROTOCOL, type: 'close' };
    default:
      return null;
  }
}

/** A message from the loader in one of its shapes, or null. */
export function parseHostMessage(data: unknown): HostMessage | null {
  const m = envelope(data);
  if (!m) return null;
  return m.type === 'open' || m.type === 'closed' ? { protocol: PROTOCOL, type: m.type } : null;
}

/** Whether a message event comes from exactly this origin and this window (the iframe's, or the parent). */
export function fromExpected(event: { origin: string; source: unknown }, origin: string, source: unknown): boolean {
  return event.origin === origin && source !== null && event.source === source;
}
