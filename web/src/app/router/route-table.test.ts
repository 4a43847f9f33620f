import { describe, expect, it } from '@jest/globals';
import { matchPath } from './match-path';
import { resolveRoute } from './route-table';

describe('matchPath', () => {
  it('matches static paths, ignoring a trailing slash', () => {
    expect(matchPath('/calls', '/calls')).toEqual({});
    expect(matchPath('/calls', '/calls/')).toEqual({});
    expect(matchPath('/', '/')).toEqual({});
  });

  it('rejects other paths, longer paths and different case', () => {
    expect(matchPath('/calls', '/chats')).toBeNull();
    expect(matchPath('/calls', '/calls/123')).toBeNull();
    expect(matchPath('/calls', '/Calls')).toBeNull();
    expect(matchPath('/', '/calls')).toBeNull();
  });

  it('extracts decoded params', () => {
    expect(matchPath('/dashboard/link/:interactionId', '/dashboard/link/a%20b')).toEqual({ interactionId: 'a b' });
  });

  it('rejects a param that cannot be decoded', () => {
    expect(matchPath('/dashboard/link/:interactionId', '/dashboard/link/%E0%A4%A')).toBeNull();
  });
});

describe('route table', () => {
  it.each([
    ['/', 'home'],
    ['/login', 'login'],
    ['/calls', 'calls'],
    ['/on-call', 'on-call'],
    ['/scheduling-rules', 'scheduling-rules'],
    ['/settings', 'settings'],
    ['/settings/webhooks', 'webhook-delivery'],
    ['/settings/crm', 'crm-connection'],
    ['/settings/voice-platforms', 'voice-platforms'],
    ['/outbox', 'outbox'],
    ['/admin/organizations', 'admin-organizations'],
    ['/admin/workflows', 'admin-workflows'],
    ['/admin/dead-letters', 'admin-dead-letters'],
  ])('resolves %s to %s', (pathname, name) => {
    expect(resolveRoute(pathname)?.route.name).toBe(name);
  });

  it('resolves the interaction deep link with its id', () => {
    const match = resolveRoute('/dashboard/link/5b0c3f1e-8d7a-4c1b-9e2f-0a1b2c3d4e5f');
    expect(match?.route.name).toBe('interaction-link');
    expect(match?.params).toEqual({ interactionId: '5b0c3f1e-8d7a-4c1b-9e2f-0a1b2c3d4e5f' });
  });

  it('finds nothing for unknown paths', () => {
    expect(resolveRoute('/admin')).toBeNull();
    expect(resolveRoute('/dashboard/link')).toBeNull();
  });
});
