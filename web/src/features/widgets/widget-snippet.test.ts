import { describe, expect, it } from '@jest/globals';
import { widgetSnippet } from './widget-snippet';

describe('widget snippet', () => {
  it('loads the loader from the dashboard origin with the widget id', () => {
    expect(widgetSnippet('https://app.homeagent.test/', '5a1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f')).toBe(
      '<script src="https://app.homeagent.test/widget.js" data-widget-id="5a1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f" async></script>',
    );
  });
});
