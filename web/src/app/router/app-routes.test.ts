import { describe, expect, it } from '@jest/globals';
import { matchRoutes, type RouteObject } from 'react-router';
import { createAppRoutes } from './app-routes';
import { navEntryOf, ROUTES, type RouteHandle } from './routes';

const routes = createAppRoutes();

/** The page a path shows: the deepest matched route's handle, and its params. */
function resolve(pathname: string): { handle: RouteHandle; params: Record<string, string | undefined>; route: RouteObject } | null {
  const matches = matchRoutes(routes, pathname);
  const last = matches?.at(-1);
  return last ? { handle: last.route.handle as RouteHandle, params: last.params, route: last.route } : null;
}

describe('the dashboard route table', () => {
  it.each([
    ['/', 'home'],
    ['/login', 'login'],
    ['/accept-invite', 'accept-invite'],
    ['/forgot-password', 'forgot-password'],
    ['/reset-password', 'reset-password'],
    ['/team', 'team'],
    ['/calls', 'calls'],
    ['/calls/', 'calls'],
    ['/web-call', 'web-call'],
    ['/on-call', 'on-call'],
    ['/scheduling-rules', 'scheduling-rules'],
    ['/agents', 'agents'],
    ['/agents/4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', 'agent-editor'],
    ['/agents/4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f/job-types', 'agent-job-types'],
    ['/settings', 'settings'],
    ['/settings/webhooks', 'webhook-delivery'],
    ['/settings/crm', 'crm-connection'],
    ['/settings/voice-platforms', 'voice-platforms'],
    ['/settings/company-profile', 'company-profile'],
    ['/outbox', 'outbox'],
    ['/admin/organizations', 'admin-organizations'],
    ['/admin/workflows', 'admin-workflows'],
    ['/admin/dead-letters', 'admin-dead-letters'],
    ['/admin/organization-settings', 'admin-organization-settings'],
  ])('shows %s as %s', (pathname, name) => {
    expect(resolve(pathname)?.handle.name).toBe(name);
  });

  it('passes the call and the notification link their decoded interaction id', () => {
    expect(resolve('/calls/5b0c3f1e-8d7a-4c1b-9e2f-0a1b2c3d4e5f')).toMatchObject({
      handle: { name: 'call-details', title: 'Call details' },
      params: { interactionId: '5b0c3f1e-8d7a-4c1b-9e2f-0a1b2c3d4e5f' },
    });
    expect(resolve('/chats/7c1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f')).toMatchObject({
      handle: { name: 'chat-details', title: 'Chat details' },
      params: { chatId: '7c1d8d7e-1c2b-4a3d-9e8f-7a6b5c4d3e2f' },
    });
    expect(resolve('/chat-sessions/chat_9f2e1d0c')).toMatchObject({
      handle: { name: 'chat-session', title: 'Chat session' },
      params: { sessionId: 'chat_9f2e1d0c' },
    });
    expect(resolve('/dashboard/link/a%20b')).toMatchObject({ handle: { name: 'interaction-link' }, params: { interactionId: 'a b' } });
  });

  it('shows "Page not found" inside the shell for unknown paths, other case and partial paths', () => {
    for (const pathname of ['/admin', '/dashboard/link', '/Calls', '/calls/1/more']) {
      expect(resolve(pathname)?.handle).toEqual({ name: 'not-found', title: 'Page not found', access: 'member' });
    }
  });

  it('marks the operations pages for operators only and every other signed-in page for members', () => {
    const access = (pathname: string) => resolve(pathname)?.handle.access;
    expect(access('/admin/organizations')).toBe('operator');
    expect(access('/admin/workflows')).toBe('operator');
    expect(access('/admin/organization-settings')).toBe('operator');
    expect(access('/calls')).toBe('member');
    expect(access('/login')).toBe('public');
  });

  it('loads every page lazily, each to a component', async () => {
    const pages = routes.flatMap(function leaves(route): RouteObject[] {
      return route.children ? route.children.flatMap(leaves) : [route];
    });
    const lazy = pages.filter((route) => (route.handle as RouteHandle).name !== 'not-found');
    expect(lazy).toHaveLength(ROUTES.length);
    for (const route of lazy) {
      expect(route.element).toBeUndefined();
      expect(typeof route.lazy).toBe('function');
      const loaded = await (route.lazy as () => Promise<RouteObject>)();
      expect(typeof loaded.Component).toBe('function');
    }
  }, 60_000);

  it.each([
    ['calls', 'calls'],
    ['call-details', 'calls'],
    ['agent-editor', 'agents'],
    ['agent-script', 'agents'],
    ['job-type-sheet', 'agents'],
    ['webhook-delivery', 'settings'],
    ['go-live', 'settings'],
    ['home', 'home'],
    ['enterprise', null],
    ['login', null],
    [null, null],
  ])('highlights the sidebar entry %s belongs under: %s', (route, entry) => {
    expect(navEntryOf(route)).toBe(entry);
  });
});
