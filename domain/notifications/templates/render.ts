import { formatPhoneNumberForDisplay } from '../../validation/phone';
import type { BookingView, CallContent, EmailContent, InteractionEmailVariables, SlackContent, SmsContent } from '../content';
import { prettifyEnum } from '../../validation/text';
import { formatInZone } from '../../time/zoned-time';
import { detailsTable, emailLayout, escapeHtml, sectionsHtml } from './html';
import {
  CallErrorsVariablesSchema,
  CallSummaryVariablesSchema,
  SENDABLE_TEMPLATES,
  type CallSummaryVariables,
  type SendableTemplate,
} from './template-variables';

/** Every message the product sends is rendered here, from the content the rules engine planned. */

export interface OrgView {
  name: string;
}

export interface RenderedEmail {
  template: string;
  subject: string;
  html: string;
  text: string;
}

function bookingLines(bookings: readonly BookingView[]): Array<readonly [string, string | null]> {
  return bookings.map((b, i) => {
    const when = b.appointment ? `${b.appointment.start}${b.appointment.end ? ` – ${b.appointment.end}` : ''}` : 'No appointment';
    const label = bookings.length > 1 ? `Booking ${i + 1}` : 'Booking';
    return [label, `${when}${b.department ? ` · ${b.department}` : ''}${b.isEmergency ? ' · EMERGENCY' : ''}`] as const;
  });
}

function interactionRows(v: InteractionEmailVariables): Array<readonly [string, string | null]> {
  return [
    ['Status', prettifyEnum(v.callStatus)],
    ['Customer', v.customer.name],
    ['Phone', v.customer.phone ? formatPhoneNumberForDisplay(v.customer.phone) : null],
    ['E-mail', v.customer.email],
    ['Address', v.customer.address],
    ['Department', v.department],
    ['Tags', v.tags.length > 0 ? v.tags.join(', ') : null],
    ...bookingLines(v.bookings),
  ];
}

function textBlock(rows: ReadonlyArray<readonly [string, string | null]>, sections: ReadonlyArray<{ title: string; content: string[] }>): string {
  const lines = rows.filter(([, value]) => value !== null && value !== '').map(([label, value]) => `${label}: ${value}`);
  const summary = sections.flatMap((s) => ['', s.title, ...s.content.map((line) => `- ${line}`)]);
  return [...lines, ...summary].join('\n');
}

function renderCallErrors(subject: string, interactionId: string, errors: readonly unknown[], org: OrgView): RenderedEmail {
  const list = errors.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
  const body = `<p style="font-size:14px">The interaction <code>${escapeHtml(interactionId)}</code> reported ${list.length} error${list.length === 1 ? '' : 's'}:</p><ol style="font-size:13px;font-family:monospace">${list.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ol>`;
  return {
    template: 'call-errors',
    subject,
    html: emailLayout({ preheader: subject, heading: subject, orgName: org.name, body }),
    text: [subject, `Interaction: ${interactionId}`, '', ...list.map((e, i) => `${i + 1}. ${e}`)].join('\n'),
  };
}

/** The call's date on the organization's wall clock when its zone is known, as given otherwise. */
function callDate(date: string, timezone: string | null | undefined): string {
  const instant = new Date(date);
  if (Number.isNaN(instant.getTime()) || !timezone) return date;
  try {
    return `${formatInZone(instant, timezone)} (${timezone})`;
  } catch {
    return date; // not a zone Intl knows
  }
}

/** 002 §3 call-summary: the call's summary, customer, booking and readable transcript. */
export function renderCallSummaryEmail(variables: CallSummaryVariables, org: OrgView, subject?: string): RenderedEmail {
  const v = CallSummaryVariablesSchema.parse(variables);
  const heading = `Call summary: ${v.customer.name}`;
  const rows: Array<readonly [string, string | null]> = [
    ['Date', callDate(v.date, v.timezone)],
    ['Customer', v.customer.name],
    ['Address', v.customer.formattedAddress],
    ['From', v.fromNumber ? formatPhoneNumberForDisplay(v.fromNumber) : null],
    ['CRM customer', v.customer.crmCustomerId ? `${v.customer.crmCustomerId}${v.crmName ? ` in ${v.crmName}` : ''}` : null],
    ['CRM job', v.crm_job_id ? `${v.crm_job_id}${v.crmName ? ` in ${v.crmName}` : ''}` : null],
    ['Interaction', v.interactionId],
  ];
  const sections = [...v.callSummary, ...(v.bookingSummary ? [{ title: 'Booking', content: [v.bookingSummary] }] : [])].map((s) => ({
    title: s.title || 'Summary',
    content: s.content,
  }));
  const transcriptHtml =
    v.transcript.length === 0
      ? ''
      : `<h2 style="font-size:15px;margin:16px 0 6px">Transcript</h2><table role="presentation" cellpadding="0" cellspacing="0" style="font-size:13px">${v.transcript
          .map(
            (t) =>
              `<tr><td style="padding:3px 12px 3px 0;color:#6b7280;vertical-align:top;white-space:nowrap">${escapeHtml(t.role)}</td><td style="padding:3px 0">${escapeHtml(t.content)}</td></tr>`,
          )
          .join('')}</table>`;
  const finalSubject = subject ?? `Call summary: ${v.customer.name}`;
  return {
    template: 'call-summary',
    subject: finalSubject,
    html: emailLayout({ preheader: finalSubject, heading, orgName: org.name, body: detailsTable(rows) + sectionsHtml(sections) + transcriptHtml }),
    text: [
      heading,
      '',
      textBlock(rows, sections),
      ...(v.transcript.length ? ['', 'Transcript', ...v.transcript.map((t) => `${t.role}: ${t.content}`)] : []),
    ].join('\n'),
  };
}

/** A named template of 002 §3 with its variables, as a direct send asks for it; the variables are validated first. */
export function renderTemplateEmail(template: SendableTemplate, variables: unknown, org: OrgView, subject?: string): RenderedEmail {
  SENDABLE_TEMPLATES[template].parse(variables);
  if (template === 'call-errors') {
    const v = CallErrorsVariablesSchema.parse(variables);
    return renderCallErrors(subject ?? 'Error in call', v.interactionId, v.errors, org);
  }
  return renderCallSummaryEmail(variables as CallSummaryVariables, org, subject);
}

export function renderEmail(content: EmailContent, org: OrgView): RenderedEmail {
  if (content.template === 'call-errors') return renderCallErrors(content.subject, content.variables.interactionId, content.variables.errors, org);
  const v = content.variables;
  const booked = content.template === 'job-booking';
  const heading = booked ? `New job booked for ${v.customer.name}` : `Call summary: ${v.customer.name}`;
  const rows = interactionRows(v);
  const body = detailsTable(rows) + sectionsHtml(v.summary);
  return {
    template: content.template,
    subject: content.subject,
    html: emailLayout({ preheader: content.subject, heading, orgName: org.name, body, action: { label: 'View on Dashboard', url: v.dashboardLink } }),
    text: [heading, '', textBlock(rows, v.summary), '', `View on Dashboard: ${v.dashboardLink}`].join('\n'),
  };
}

export function renderSms(content: SmsContent): { text: string } {
  return { text: content.text };
}

/** The team-chat message as Block Kit blocks, with a plain-text fallback and an HTML preview. */
export function renderTeamChat(content: SlackContent): { text: string; blocks: unknown[]; html: string } {
  const bookingFields = content.message === 'booked-details' ? bookingLines(content.bookings) : [];
  const fields = [...content.fields.map((f) => [f.label, f.value] as const), ...bookingFields].filter((f): f is readonly [string, string] => f[1] !== null);
  const blocks: unknown[] = [
    { type: 'header', text: { type: 'plain_text', text: content.title } },
    { type: 'section', fields: fields.map(([label, value]) => ({ type: 'mrkdwn', text: `*${label}*\n${value}` })) },
    ...content.sections.map((s) => ({ type: 'section', text: { type: 'mrkdwn', text: `*${s.title}*\n${s.content.join('\n')}` } })),
    { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: content.button.text }, url: content.button.url }] },
  ];
  const html = `<div style="font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;border-left:4px solid #4a154b;padding:8px 12px">
<h3 style="margin:0 0 8px">${escapeHtml(content.title)}</h3>${detailsTable(fields)}${sectionsHtml(content.sections)}
<p><a href="${escapeHtml(content.button.url)}" style="border:1px solid #d1d5db;border-radius:4px;padding:4px 10px;text-decoration:none">${escapeHtml(content.button.text)}</a></p></div>`;
  return { text: [content.title, textBlock(fields, content.sections), `${content.button.text}: ${content.button.url}`].join('\n'), blocks, html };
}

/** What the emergency page reads out to the on-call person (000 §4 EmergencyJobRule). */
export function renderEmergencyCallScript(content: CallContent, org: OrgView): string {
  const { job } = content;
  const appointments = job.appointments.map((a) => `${a.start}${a.end ? ` to ${a.end}` : ''}`);
  return [
    `This is HomeAgent with an emergency job for ${org.name}.`,
    `Customer: ${job.customerName}.`,
    job.address ? `Address: ${job.address}.` : null,
    job.mobile ? `Mobile: ${job.mobile}.` : null,
    job.department ? `Department: ${job.department}.` : null,
    appointments.length > 0 ? `Appointment: ${appointments.join('; ')}.` : 'No appointment was booked.',
    `Organization: ${job.orgId}.`,
  ]
    .filter((line): line is string => line !== null)
    .join(' ');
}
