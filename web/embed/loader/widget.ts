import { type AppMessage, fromExpected, type HostMessage, type LauncherLook, parseAppMessage, PROTOCOL } from '../protocol';

// widget.js: what a contractor's site runs from the snippet
//   <script src="https://<dashboard>/widget.js" data-widget-id="<id>" async></script>
// It adds one element to the page (a shadow root holding the launcher and the panel), loads the widget app in an
// iframe from the script's own origin, and shows the launcher once the app says the widget is ready. It touches
// nothing else of the host page and never calls the API itself.

const PANEL_ID = 'homeagent-widget-panel';

const STYLE = `
:host{all:initial}
.launcher{position:fixed;right:20px;bottom:20px;z-index:2147483646;display:flex;align-items:center;gap:8px;
  min-height:52px;padding:0 20px;border:0;border-radius:26px;font:600 15px/1.2 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
  cursor:pointer;box-shadow:0 4px 16px rgba(0,0,0,.25)}
.launcher:focus-visible{outline:3px solid #111;outline-offset:3px;box-shadow:0 0 0 6px #fff}
.launcher[hidden],.panel[hidden]{display:none}
.panel{position:fixed;right:20px;bottom:84px;z-index:2147483647;width:380px;height:min(640px,calc(100vh - 104px));
  border:0;border-radius:16px;overflow:hidden;box-shadow:0 8px 32px rgba(0,0,0,.3);background:#fff}
.panel iframe{width:100%;height:100%;border:0;display:block}
@media (max-width:480px){.panel{inset:0;width:100%;height:100%;border-radius:0}}
`;

function start(script: HTMLScriptElement) {
  const widgetId = script.dataset.widgetId;
  if (!widgetId) return;
  const appOrigin = new URL(script.src, location.href).origin;
  const src = new URL('/embed/', appOrigin);
  src.searchParams.set('widgetId', widgetId);
  src.searchParams.set('parent', location.origin);

  const host = document.createElement('div');
  host.setAttribute('data-homeagent-widget', widgetId);
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLE;

  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.className = 'launcher';
  launcher.hidden = true;
  launcher.setAttribute('aria-expanded', 'false');
  launcher.setAttribute('aria-controls', PANEL_ID);

  const panel = document.createElement('div');
  panel.className = 'panel';
  panel.id = PANEL_ID;
  panel.hidden = true;
  panel.setAttribute('role', 'dialog');

  const frame = document.createElement('iframe');
  frame.src = src.toString();
  frame.allow = '';
  frame.referrerPolicy = 'origin';
  panel.appendChild(frame);
  root.append(style, launcher, panel);

  let title = 'Book Online Now';
  const post = (message: HostMessage) => frame.contentWindow?.postMessage(message, appOrigin);

  function setOpen(open: boolean) {
    panel.hidden = !open;
    launcher.setAttribute('aria-expanded', String(open));
    launcher.textContent = open ? 'Close' : title;
    if (open) {
      frame.focus();
      post({ protocol: PROTOCOL, type: 'open' });
    } else {
      post({ protocol: PROTOCOL, type: 'closed' });
      launcher.focus();
    }
  }

  function show(look: LauncherLook) {
    title = look.title;
    launcher.style.background = look.primaryColor;
    launcher.style.color = look.theme === 'dark' ? '#fff' : contrastText(look.primaryColor);
    panel.setAttribute('aria-label', look.title);
    launcher.textContent = title;
    launcher.hidden = false;
  }

  launcher.addEventListener('click', () => setOpen(panel.hidden));
  root.addEventListener('keydown', (event) => {
    if ((event as KeyboardEvent).key === 'Escape' && !panel.hidden) setOpen(false);
  });
  window.addEventListener('message', (event) => {
    if (!fromExpected(event, appOrigin, frame.contentWindow)) return;
    const message: AppMessage | null = parseAppMessage(event.data);
    if (!message) return;
    if (message.type === 'ready') show(message.look);
    else if (message.type === 'unavailable') host.remove();
    else if (message.type === 'close' && !panel.hidden) setOpen(false);
  });
  document.body.appendChild(host);
}

/** White or near-black text, whichever reads better on the launcher's colour (a #hex; anything else gets white). */
function contrastText(color: string): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})/i.exec(color.trim())?.[1];
  if (!hex) return '#fff';
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const lum = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return lum > 0.6 ? '#111' : '#fff';
}

const current = document.currentScript;
if (current instanceof HTMLScriptElement) {
  if (document.body) start(current);
  else document.addEventListener('DOMContentLoaded', () => start(current), { once: true });
}
