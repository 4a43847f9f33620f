import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import {
  defaultWidgetSettings,
  WidgetSettingsSchema,
  WIDGET_UPLOAD_MAX_BYTES,
  type PublicWidget,
  type UpdateWidgetConfigRequest,
  type Widget,
  type WidgetConfigView,
  type WidgetFileUpload,
  type WidgetFileUploadRequest,
  type WidgetSettings,
} from '../../domain/contracts/widget.contract';
import { UPLOAD_URL_SECONDS } from '../../activities/storage/file-storage.port';
import type { WidgetDoc } from '../../events/projections/widgets/widgets.repository';
import { sameJson } from '../../events/projections/same-json';
import type { StaffIdentity } from '../repositories/staff.repository';
import type { ApiDeps } from '../deps';
import { forbidden, notFound } from '../http/errors';
import { visitorSite, widgetSiteOrigins } from '../../domain/contracts/widget-sites';
import { commandOrigin, publishCommand } from '../http/publish-command';
import { awaitReadModel } from './await-read-model';

type Deps = Pick<ApiDeps, 'widgets' | 'organizations' | 'storage'>;
interface Caller {
  req: Pick<Request, 'correlationId'>;
  user: StaffIdentity | null;
}

export const toView = (doc: WidgetDoc): Widget => ({
  id: doc.id,
  org_id: doc.orgId,
  created_at: doc.createdAt.toISOString(),
  updated_at: doc.updatedAt.toISOString(),
  ...doc.settings,
});

async function orgOf(deps: Deps, orgId: string) {
  const org = await deps.organizations.findById(orgId);
  if (!org) throw notFound('Organization not found');
  return org;
}

/** The widget with this id if it is the org's; another org's is "not found" too. */
export async function findOwnWidget(deps: Deps, orgId: string, widgetId: string): Promise<WidgetDoc> {
  const widget = await deps.widgets.repository.findById(widgetId);
  if (!widget || widget.orgId !== orgId) throw notFound('Widget not found');
  return widget;
}

/** The org a widget belongs to, for the access rule of routes that name only the widget. */
export async function orgIdOfWidget(deps: Pick<ApiDeps, 'widgets'>, widgetId: string): Promise<string> {
  const widget = await deps.widgets.repository.findById(widgetId);
  if (!widget) throw notFound('Widget not found');
  return widget.orgId;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The widget a visitor's chat starts from (POST /chat/register), checked: the org's own, enabled one (else "not
 * found", another org's included), used from one of its sites (issue 15 point 7; else 403). The site is the parent
 * page the widget app reports when the request comes from the app (served on the dashboard's origin), else the
 * request's Origin or Referer; a request naming no site (no browser) is not checked, since it could name any.
 * The later visitor routes need the chat id this answers, so checking here covers the chat.
 */
export async function widgetForVisitor(
  deps: Pick<ApiDeps, 'widgets' | 'config'>,
  orgId: string,
  widgetId: string,
  req: Pick<Request, 'header'>,
): Promise<WidgetDoc> {
  const widget = UUID.test(widgetId) ? await deps.widgets.repository.findById(widgetId) : null;
  if (!widget || widget.orgId !== orgId || !widget.settings.is_enabled) throw notFound('Widget not found');
  const site = visitorSite({
    origin: req.header('origin'),
    referer: req.header('referer'),
    parentOrigin: req.header('x-widget-parent-origin'),
    appOrigin: deps.config.dashboardUrl ? new URL(deps.config.dashboardUrl).origin : '',
  });
  if (site !== 'unknown' && (!site || !widgetSiteOrigins(widget.settings.business_website).includes(site)))
    throw forbidden('This widget is not available on this site');
  return widget;
}

export async function listWidgets(deps: Deps, orgId: string): Promise<Widget[]> {
  return (await deps.widgets.repository.listByOrg(orgId)).map(toView);
}

/** 001 §7 GET /widget?widgetId: the widget with the org's zipcodes, timezone and CRM name. */
export async function configView(deps: Deps, widget: WidgetDoc): Promise<WidgetConfigView> {
  const org = await orgOf(deps, widget.orgId);
  return { ...toView(widget), zipcodes: org.zipcodes, timezone: org.timezone, crm_name: org.crmName };
}

/** 001 §7 GET /widget/{widgetId}: what the widget app shows; a disabled widget is not found. */
export async function publicView(deps: Deps, widgetId: string): Promise<PublicWidget> {
  const widget = await deps.widgets.repository.findById(widgetId);
  if (!widget || !widget.settings.is_enabled) throw notFound('Widget not found');
  const org = await orgOf(deps, widget.orgId);
  const { created_at: _c, updated_at: _u, ...view } = toView(widget);
  return { ...view, timezone: org.timezone };
}

/** 001 §7 POST /widget: a new widget with the defaults (a working set of steps), published as WidgetCreated. */
export async function createWidget(deps: Deps, caller: Caller, input: { orgId: string; businessName?: string | null }): Promise<Widget> {
  const { orgId } = input;
  await orgOf(deps, orgId);
  const widgetId = randomUUID();
  const settings: WidgetSettings = WidgetSettingsSchema.parse({ ...defaultWidgetSettings(), business_name: input.businessName ?? null });
  await publishCommand(deps.widgets.events, commandOrigin(caller), [
    { type: 'WidgetCreated', aggregateId: widgetId, orgId, data: { orgId, widgetId, settings } },
  ]);
  const now = new Date();
  let saved: WidgetDoc | null = null;
  await awaitReadModel(async () => (saved = await deps.widgets.repository.findById(widgetId)) !== null);
  return toView(saved ?? { id: widgetId, orgId, settings, createdAt: now, updatedAt: now });
}

/**
 * 001 §7 PUT /widget/update/config: the given fields replace the saved ones (steps and services whole). The merged
 * widget must satisfy the contract as a whole; only the fields that change are published (WidgetConfigUpdated).
 */
export async function updateWidgetConfig(deps: Deps, caller: Caller, widget: WidgetDoc, request: UpdateWidgetConfigRequest): Promise<Widget> {
  const { widgetId: _w, orgId: _o, ...fields } = request;
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<WidgetSettings>;
  const merged = WidgetSettingsSchema.parse({ ...widget.settings, ...given });
  const changes = Object.fromEntries(
    Object.entries(given).filter(([name]) => !sameJson(merged[name as keyof WidgetSettings], widget.settings[name as keyof WidgetSettings])),
  ) as Partial<WidgetSettings>;
  if (Object.keys(changes).length === 0) return toView(widget);
  const { id: widgetId, orgId } = widget;
  await publishCommand(deps.widgets.events, commandOrigin(caller), [
    { type: 'WidgetConfigUpdated', aggregateId: widgetId, orgId, data: { orgId, widgetId, changes } },
  ]);
  let saved: WidgetDoc | null = null;
  await awaitReadModel(async () => {
    saved = await deps.widgets.repository.findById(widgetId);
    return saved !== null && sameJson(saved.settings, merged);
  });
  const done = saved as WidgetDoc | null;
  return toView(done && sameJson(done.settings, merged) ? done : { ...widget, settings: merged, updatedAt: new Date() });
}

/**
 * 001 §7 POST /widget/update/file: a short-lived upload URL for one of the org's widget files. The key is the org's
 * own (widgets/{orgId}/…) with a random part, so no upload can replace another org's file or an earlier one.
 */
export async function createWidgetUpload(deps: Deps, orgId: string, request: WidgetFileUploadRequest): Promise<WidgetFileUpload> {
  await orgOf(deps, orgId);
  const key = `widgets/${orgId}/${randomUUID()}-${request.key}`;
  const ticket = deps.storage.files.createUploadUrl({ key, contentType: request.contentType, expiresInSeconds: UPLOAD_URL_SECONDS });
  return {
    uploadUrl: ticket.uploadUrl,
    method: ticket.method,
    headers: ticket.headers,
    fileUrl: ticket.fileUrl,
    key,
    expiresAt: ticket.expiresAt.toISOString(),
    maxBytes: WIDGET_UPLOAD_MAX_BYTES,
  };
}
