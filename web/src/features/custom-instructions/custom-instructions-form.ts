// The custom instructions page (001 §2.14): lists of editable rows, and how they become the body of
// PUT /org/custom-instructions. The job tags map is edited as rows; tag ids are typed as text.

export type CallReasonRow = { call_reason_id: string; instruction: string };
export type LeadRow = { title: string; isLead: boolean; instruction: string };
export type SummaryRow = { title: string; instruction: string };
export type TagRow = { name: string; instruction: string };
export type TagInput = { name: string; id: string };

export type InstructionsForm = {
  callReasons: CallReasonRow[];
  leadEnabledCsr: boolean;
  leadRules: LeadRow[];
  summaryEnabled: boolean;
  summarySections: SummaryRow[];
  taggingEnabled: boolean;
  defaultTag: TagInput;
  defaultAfterHoursTag: TagInput;
  tags: TagRow[];
  regularJobToDispatch: string;
};

type Tag = { name: string; id: number };
export type ShownInstructions = {
  custom_instructions: {
    call_reasons: { instructions: CallReasonRow[] };
    is_lead: { enabled_csr: boolean; instructions: LeadRow[] };
    booked_summary: { enabled: boolean; instructions: SummaryRow[] };
    job_tagging: { enabled: boolean; defaultTag: Tag | null; defaultAfterHoursTag: Tag | null; tags: Record<string, string> };
  };
  regular_job_to_dispatch: string | null;
};

export type SaveCustomInstructionsBody = {
  orgId: string;
  custom_instructions: {
    call_reasons: { instructions: CallReasonRow[] };
    is_lead: { enabled_csr: boolean; instructions: LeadRow[] };
    booked_summary: { enabled: boolean; instructions: SummaryRow[] };
    // A tag id that is not a whole number is sent as typed, so the API's message names it.
    job_tagging: {
      enabled: boolean;
      defaultTag: { name: string; id: number | string } | null;
      defaultAfterHoursTag: { name: string; id: number | string } | null;
      tags: Record<string, string>;
    };
  };
  regular_job_to_dispatch: string | null;
};

const tagInput = (tag: Tag | null): TagInput => ({ name: tag?.name ?? '', id: tag ? String(tag.id) : '' });

export function formFrom(view: ShownInstructions | null | undefined): InstructionsForm {
  const c = view?.custom_instructions;
  return {
    callReasons: c?.call_reasons.instructions.map((r) => ({ ...r })) ?? [],
    leadEnabledCsr: c?.is_lead.enabled_csr ?? false,
    leadRules: c?.is_lead.instructions.map((r) => ({ ...r })) ?? [],
    summaryEnabled: c?.booked_summary.enabled ?? false,
    summarySections: c?.booked_summary.instructions.map((r) => ({ ...r })) ?? [],
    taggingEnabled: c?.job_tagging.enabled ?? false,
    defaultTag: tagInput(c?.job_tagging.defaultTag ?? null),
    defaultAfterHoursTag: tagInput(c?.job_tagging.defaultAfterHoursTag ?? null),
    tags: Object.entries(c?.job_tagging.tags ?? {}).map(([name, instruction]) => ({ name, instruction })),
    regularJobToDispatch: view?.regular_job_to_dispatch ?? '',
  };
}

/** Every value of a row trimmed; a row left wholly empty is dropped rather than refused. */
function rows<T extends Record<string, unknown>>(list: T[]): T[] {
  return list
    .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as T)
    .filter((r) => Object.values(r).some((v) => typeof v === 'string' && v !== ''));
}

function tagOf(input: TagInput): { name: string; id: number | string } | null {
  const name = input.name.trim();
  const id = input.id.trim();
  if (name === '' && id === '') return null;
  return { name, id: /^-?\d+$/.test(id) ? Number(id) : id };
}

export function buildSaveBody(orgId: string, form: InstructionsForm): SaveCustomInstructionsBody {
  const dispatch = form.regularJobToDispatch.trim();
  return {
    orgId,
    custom_instructions: {
      call_reasons: { instructions: rows(form.callReasons) },
      is_lead: { enabled_csr: form.leadEnabledCsr, instructions: rows(form.leadRules) },
      booked_summary: { enabled: form.summaryEnabled, instructions: rows(form.summarySections) },
      job_tagging: {
        enabled: form.taggingEnabled,
        defaultTag: tagOf(form.defaultTag),
        defaultAfterHoursTag: tagOf(form.defaultAfterHoursTag),
        tags: Object.fromEntries(rows(form.tags).map((t) => [t.name, t.instruction])),
      },
    },
    regular_job_to_dispatch: dispatch === '' ? null : dispatch,
  };
}

/** Duplicate tag names would silently collapse into one entry of the map: the page says so before saving. */
export function problemsOf(form: InstructionsForm): string[] {
  const names = rows(form.tags).map((t) => t.name.toLowerCase());
  const dupes = [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
  return dupes.map((n) => `The tag "${n}" is listed more than once`);
}
