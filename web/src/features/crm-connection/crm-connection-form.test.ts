import { describe, expect, it } from '@jest/globals';
import { requestResolver } from '../../lib/form-errors';
import {
  buildSaveBody,
  CRM_FORM_FIELDS,
  crmFieldOf,
  type CrmForm,
  describeConnection,
  formFrom,
  keptSettings,
  SaveCrmConnectionRequestSchema,
  type ShownCrmConnection,
} from './crm-connection-form';

const ORG = '6f1c2b9e-0d4a-4c3b-8e7f-1a2b3c4d5e6f';

const serviceTitan: ShownCrmConnection = {
  connected: true,
  crm_name: 'servicetitan',
  crm_config: {
    clientId: 'cid.abc',
    clientSecret: '****',
    crmTenantId: '4242',
    appKey: '****wxyz',
    bookingProviderId: '77',
    isSandbox: true,
    defaultJobTypeId: { HVAC: '11' },
    autoAssignTech: false,
    migratedClientId: 'old-cid',
    migratedClientSecret: '****',
    useMigratedConfig: true,
    username: 'agent',
    password: '****',
  },
};

const withValues = (form: CrmForm, values: Record<string, string | boolean>): CrmForm => ({
  ...form,
  values: { ...form.values, [form.crmName]: { ...form.values[form.crmName], ...values } },
});

describe('CRM connection form', () => {
  it('starts on ServiceTitan with every field empty when the org uses the deployment CRM', () => {
    const form = formFrom({ connected: false, crm_name: null, crm_config: null });
    expect(form.crmName).toBe('servicetitan');
    expect(form.values.servicetitan).toEqual({
      clientId: '',
      clientSecret: '',
      crmTenantId: '',
      appKey: '',
      bookingProviderId: '',
      defaultCampaignId: '',
      isSandbox: false,
    });
    expect(form.values.housecallpro).toEqual({ appKey: '', agentId: '', defaultEmployeeId: '' });
    expect(form.skipCrmTest).toBe(false);
  });

  it('fills in the current connection without its secrets, which must be typed again', () => {
    const form = formFrom(serviceTitan);
    expect(form.crmName).toBe('servicetitan');
    expect(form.values.servicetitan).toEqual({
      clientId: 'cid.abc',
      clientSecret: '',
      crmTenantId: '4242',
      appKey: '',
      bookingProviderId: '77',
      defaultCampaignId: '',
      isSandbox: true,
    });
    expect(formFrom({ connected: true, crm_name: 'housecallpro', crm_config: { appKey: '****', agentId: 'pro_1', defaultEmployeeId: 'pro_2' } })).toMatchObject(
      {
        crmName: 'housecallpro',
        values: { housecallpro: { appKey: '', agentId: 'pro_1', defaultEmployeeId: 'pro_2' } },
      },
    );
  });

  it('builds the body trimmed, without empty optional fields, and the tenant id as a number', () => {
    const form = withValues(formFrom(null), {
      clientId: '  cid.abc ',
      clientSecret: ' s3cret ',
      crmTenantId: ' 4242 ',
      appKey: '   ',
      bookingProviderId: '77',
      defaultCampaignId: '',
    });
    expect(buildSaveBody(ORG, form)).toEqual({
      orgId: ORG,
      crm_name: 'servicetitan',
      crm_config: { clientId: 'cid.abc', clientSecret: 's3cret', crmTenantId: 4242, bookingProviderId: '77', isSandbox: false },
      skip_crm_test: false,
    });
  });

  it('leaves a tenant id that is not a number as typed, so the API names the field', () => {
    const form = withValues(formFrom(null), { crmTenantId: ' acme ' });
    expect(buildSaveBody(ORG, form).crm_config.crmTenantId).toBe('acme');
    expect(buildSaveBody(ORG, withValues(formFrom(null), { crmTenantId: '99999999999999999999' })).crm_config.crmTenantId).toBe('99999999999999999999');
  });

  it('leaves out empty required fields and secrets for the API to name', () => {
    expect(buildSaveBody(ORG, formFrom(serviceTitan)).crm_config).toEqual({ clientId: 'cid.abc', crmTenantId: 4242, bookingProviderId: '77', isSandbox: true });
  });

  it('sends only the chosen CRM, with the skip flag', () => {
    let form = withValues(formFrom(null), { clientId: 'typed for ServiceTitan' });
    form = withValues({ ...form, crmName: 'housecallpro', skipCrmTest: true }, { appKey: ' hcp-key ', agentId: 'pro_1', defaultEmployeeId: ' ' });
    expect(buildSaveBody(ORG, form)).toEqual({
      orgId: ORG,
      crm_name: 'housecallpro',
      crm_config: { appKey: 'hcp-key', agentId: 'pro_1' },
      skip_crm_test: true,
    });
    expect(form.values.servicetitan.clientId).toBe('typed for ServiceTitan');
  });

  it("keeps the current connection's other settings on the same CRM, without secrets or what needs one", () => {
    expect(keptSettings(serviceTitan, 'servicetitan')).toEqual({ defaultJobTypeId: { HVAC: '11' }, autoAssignTech: false });
    expect(keptSettings(serviceTitan, 'housecallpro')).toEqual({});
    expect(keptSettings({ connected: false, crm_name: null, crm_config: null }, 'servicetitan')).toEqual({});
    const form = withValues(formFrom(serviceTitan), { clientSecret: 'new', autoAssignTech: 'ignored: not a form field' });
    expect(buildSaveBody(ORG, form, keptSettings(serviceTitan, 'servicetitan')).crm_config).toEqual({
      defaultJobTypeId: { HVAC: '11' },
      autoAssignTech: false,
      clientId: 'cid.abc',
      clientSecret: 'new',
      crmTenantId: 4242,
      bookingProviderId: '77',
      isSandbox: true,
    });
  });

  it("marks the inputs the API's crm_config schema refuses in the body the form would send, under the chosen CRM", async () => {
    const resolve = (form: CrmForm) =>
      requestResolver<CrmForm>(
        SaveCrmConnectionRequestSchema,
        (values) => buildSaveBody(ORG, values),
        CRM_FORM_FIELDS,
        crmFieldOf(form.crmName),
      )(form, undefined, { fields: {}, shouldUseNativeValidation: false });
    const st = withValues(formFrom(null), { clientId: 'cid', crmTenantId: 'acme' });
    const { errors } = await resolve(st);
    expect(errors.values?.servicetitan?.clientSecret?.message).toBe('crm_config.clientSecret is required');
    expect(errors.values?.servicetitan?.crmTenantId?.message).toBe('crm_config.crmTenantId must be the numeric ServiceTitan tenant id');
    expect(errors.values?.servicetitan?.clientId).toBeUndefined();
    expect(errors.values?.housecallpro).toBeUndefined();

    const hcp = withValues({ ...formFrom(null), crmName: 'housecallpro' }, { appKey: 'key' });
    expect((await resolve(hcp)).errors.values?.housecallpro?.agentId?.message).toBe('crm_config.agentId is required');
    expect((await resolve(withValues(hcp, { agentId: 'emp_1' }))).errors).toEqual({});
  });

  it("puts an API issue on the chosen CRM's input: crm_config.appKey is the ServiceTitan app key", () => {
    expect(crmFieldOf('servicetitan')('crm_config.appKey')).toBe('values.servicetitan.appKey');
    expect(crmFieldOf('housecallpro')('crm_config.agentId')).toBe('values.housecallpro.agentId');
    expect(crmFieldOf('housecallpro')('crm_name')).toBe('crmName');
    expect(CRM_FORM_FIELDS).toContain('values.servicetitan.appKey');
  });

  it('describes the current connection with its secrets masked', () => {
    expect(describeConnection(serviceTitan)).toEqual([
      { key: 'clientId', label: 'Client id', value: 'cid.abc' },
      { key: 'clientSecret', label: 'Client secret', value: '****' },
      { key: 'crmTenantId', label: 'Tenant id', value: '4242' },
      { key: 'appKey', label: 'App key', value: '****wxyz' },
      { key: 'bookingProviderId', label: 'Booking provider id', value: '77' },
      { key: 'isSandbox', label: 'Sandbox', value: 'Yes' },
    ]);
    expect(describeConnection({ connected: false, crm_name: null, crm_config: null })).toEqual([]);
  });
});
