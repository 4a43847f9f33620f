const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every value from an interaction is caller-supplied text: escape it before it enters HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** The shell every product e-mail shares: brand bar, a card, a footer; inline styles for mail clients. */
export function emailLayout(opts: { preheader: string; heading: string; orgName: string; body: string; action?: { label: string; url: string } }): string {
  const action = opts.action
    ? `<p style="margin:24px 0 0"><a href="${escapeHtml(opts.action.url)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600">${escapeHtml(opts.action.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(opts.heading)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#111827">
<span style="display:none">${escapeHtml(opts.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%">
<tr><td style="background:#1e3a8a;color:#ffffff;padding:16px 24px;border-radius:8px 8px 0 0;font-weight:700;font-size:18px">HomeAgent · ${escapeHtml(opts.orgName)}</td></tr>
<tr><td style="background:#ffffff;padding:24px;border-radius:0 0 8px 8px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(opts.heading)}</h1>
${opts.body}${action}
</td></tr>
<tr><td style="padding:16px 24px;color:#6b7280;font-size:12px">Sent by HomeAgent for ${escapeHtml(opts.orgName)}. You receive this because you are on the notification list of your organization.</td></tr>
</table></td></tr></table></body></html>`;
}

export function detailsTable(rows: ReadonlyArray<readonly [string, string | null]>): string {
  const cells = rows
    .filter((row): row is readonly [string, string] => row[1] !== null && row[1] !== '')
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#6b7280;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 16px">${cells}</table>`;
}

export function sectionsHtml(sections: ReadonlyArray<{ title: string; content: string[] }>): string {
  return sections
    .map(
      (s) =>
        `<h2 style="font-size:15px;margin:16px 0 6px">${escapeHtml(s.title)}</h2><ul style="margin:0;padding-left:20px;font-size:14px">${s.content.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    )
    .join('');
}
