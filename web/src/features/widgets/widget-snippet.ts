/** The one tag a contractor pastes into their site: the widget loader, told which widget to show. */
export function widgetSnippet(origin: string, widgetId: string): string {
  return `<script src="${origin.replace(/\/+$/, '')}/widget.js" data-widget-id="${widgetId}" async></script>`;
}
