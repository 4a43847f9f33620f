import { describe, expect, it } from '@jest/globals';
import { resolveSelectedOrgId, withOrgQuery } from './org-selection';

const orgs = [{ id: 'org-a' }, { id: 'org-b' }, { id: 'org-c' }];

describe('resolveSelectedOrgId', () => {
  it('prefers the org in the URL', () => {
    expect(resolveSelectedOrgId(orgs, 'org-c', 'org-b')).toBe('org-c');
  });

  it('falls back to the stored org when the URL has none or one the user does not belong to', () => {
    expect(resolveSelectedOrgId(orgs, null, 'org-b')).toBe('org-b');
    expect(resolveSelectedOrgId(orgs, 'someone-elses-org', 'org-b')).toBe('org-b');
  });

  it('falls back to the first org when neither is usable', () => {
    expect(resolveSelectedOrgId(orgs, null, null)).toBe('org-a');
    expect(resolveSelectedOrgId(orgs, 'gone', 'also-gone')).toBe('org-a');
  });

  it('selects nothing for a user without organizations', () => {
    expect(resolveSelectedOrgId([], 'org-a', 'org-a')).toBeNull();
  });
});

describe('withOrgQuery', () => {
  it('sets the org and keeps other query parameters', () => {
    expect(withOrgQuery('/admin/workflows', '?workflowId=wf-1', 'org-b')).toBe('/admin/workflows?workflowId=wf-1&org=org-b');
  });

  it('replaces an existing org', () => {
    expect(withOrgQuery('/calls', '?org=org-a', 'org-b')).toBe('/calls?org=org-b');
  });

  it('removes the org and leaves a bare path when nothing else remains', () => {
    expect(withOrgQuery('/calls', '?org=org-a', null)).toBe('/calls');
  });
});
