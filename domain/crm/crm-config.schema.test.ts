import { maskedCrmConfig, parseCrmConfig } from './crm-config.schema';

const ST = { appKey: 'ak1.app-key-of-the-product', clientId: 'cid.abc', clientSecret: 'cs1.very-secret-value', crmTenantId: 4242 };

describe('crm_config per crm_name', () => {
  it('takes a ServiceTitan configuration, tenant ids as numbers or strings, ids kept as strings', () => {
    const result = parseCrmConfig('servicetitan', {
      ...ST,
      defaultCampaignId: 9,
      defaultBusinessUnitId: { HVAC: 1, Plumbing: '2' },
      isSandbox: true,
      unknownField: 'dropped',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        crmName: 'servicetitan',
        config: { ...ST, crmTenantId: '4242', defaultCampaignId: '9', defaultBusinessUnitId: { HVAC: '1', Plumbing: '2' }, isSandbox: true },
      },
    });
  });

  it('names every missing ServiceTitan credential', () => {
    expect(parseCrmConfig('servicetitan', { appKey: 'ak' })).toMatchObject({
      ok: false,
      message: 'crm_config.clientId is required; crm_config.clientSecret is required; crm_config.crmTenantId is required',
    });
    expect(parseCrmConfig('servicetitan', { ...ST, clientId: '  ' })).toMatchObject({ ok: false, message: 'crm_config.clientId is required' });
  });

  it('lists each failed check by the request path of its field, so a form can mark it', () => {
    expect(parseCrmConfig('servicetitan', { appKey: 'ak', crmTenantId: 'acme' })).toMatchObject({
      issues: [
        { path: 'crm_config.clientId', message: 'crm_config.clientId is required' },
        { path: 'crm_config.clientSecret', message: 'crm_config.clientSecret is required' },
        { path: 'crm_config.crmTenantId', message: 'crm_config.crmTenantId must be the numeric ServiceTitan tenant id' },
      ],
    });
    const { appKey: _appKey, ...withoutAppKey } = ST;
    expect(parseCrmConfig('servicetitan', withoutAppKey)).toMatchObject({ issues: [{ path: 'crm_config.appKey', message: 'crm_config.appKey is required' }] });
    expect(parseCrmConfig('housecallpro', { appKey: 'k' })).toMatchObject({
      issues: [{ path: 'crm_config.agentId', message: 'crm_config.agentId is required' }],
    });
    expect(parseCrmConfig('servicetitan', 'credentials')).toMatchObject({ issues: [{ path: 'crm_config', message: 'crm_config must be an object' }] });
  });

  it('refuses wrong types with the field named', () => {
    expect(parseCrmConfig('servicetitan', { ...ST, crmTenantId: 'acme' })).toMatchObject({
      ok: false,
      message: 'crm_config.crmTenantId must be the numeric ServiceTitan tenant id',
    });
    expect(parseCrmConfig('servicetitan', { ...ST, isSandbox: 'yes' })).toMatchObject({ ok: false, message: 'crm_config.isSandbox must be true or false' });
    expect(parseCrmConfig('servicetitan', { ...ST, clientSecret: 42 })).toMatchObject({ ok: false, message: 'crm_config.clientSecret must be a string' });
    expect(parseCrmConfig('servicetitan', { ...ST, defaultJobTypeId: [1] })).toMatchObject({
      ok: false,
      message: 'crm_config.defaultJobTypeId must be an id or a map of ids',
    });
    expect(parseCrmConfig('servicetitan', 'credentials')).toMatchObject({ ok: false, message: 'crm_config must be an object' });
  });

  it("defaults ServiceTitan's appKey to the deployment's, and refuses the configuration without either", () => {
    const { appKey: _appKey, ...withoutAppKey } = ST;
    expect(parseCrmConfig('servicetitan', withoutAppKey, { defaultAppKey: 'ak1.default' })).toMatchObject({
      ok: true,
      value: { config: { appKey: 'ak1.default' } },
    });
    expect(parseCrmConfig('servicetitan', withoutAppKey)).toMatchObject({ ok: false, message: 'crm_config.appKey is required' });
  });

  it('needs the migrated credentials when they are to be used', () => {
    expect(parseCrmConfig('servicetitan', { ...ST, useMigratedConfig: true, migratedClientId: 'm' })).toMatchObject({
      ok: false,
      message: 'crm_config.migratedClientId and crm_config.migratedClientSecret are required when useMigratedConfig is true',
    });
  });

  it('takes a Housecall Pro configuration: the API key as appKey and the agent id', () => {
    expect(parseCrmConfig('housecallpro', { appKey: 'hcp-key', agentId: 'pro_agent', defaultEmployeeId: 'pro_1' })).toEqual({
      ok: true,
      value: { crmName: 'housecallpro', config: { appKey: 'hcp-key', agentId: 'pro_agent', defaultEmployeeId: 'pro_1' } },
    });
    expect(parseCrmConfig('housecallpro', { clientId: 'x' })).toMatchObject({
      ok: false,
      message: 'crm_config.appKey is required; crm_config.agentId is required',
    });
  });

  it('has nothing to store without crm_config, and refuses one for NONE', () => {
    expect(parseCrmConfig('servicetitan', undefined)).toEqual({ ok: true, value: null });
    expect(parseCrmConfig('housecallpro', {})).toEqual({ ok: true, value: null });
    expect(parseCrmConfig('NONE', {})).toEqual({ ok: true, value: null });
    expect(parseCrmConfig('NONE', { appKey: 'x' })).toMatchObject({ ok: false, message: 'crm_config must be empty when crm_name is NONE' });
  });

  it('masks every secret when shown', () => {
    const parsed = parseCrmConfig('servicetitan', { ...ST, password: 'agent-password' });
    if (!parsed.ok || !parsed.value) throw new Error('expected a configuration');
    const shown = maskedCrmConfig(parsed.value);
    expect(shown).toMatchObject({ clientId: 'cid.abc', crmTenantId: '4242', appKey: '****duct', clientSecret: '****alue', password: '****' });
    expect(JSON.stringify(shown)).not.toMatch(/very-secret|agent-password|app-key-of/);
  });
});
