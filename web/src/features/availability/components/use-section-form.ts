import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type FieldPath, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toastSaved } from '../../../components/toaster';
import { applyApiErrors } from '../../../lib/form-errors';
import { type AvailabilitySections, saveAvailabilitySections } from '../api/availability.api';
import type { AvailabilityView } from '../api/availability.schema';

/** What every section of the page gets: the stored view, and how to tell the page about a save or edits. */
export interface SectionContext {
  orgId: string;
  view: AvailabilityView;
  onSaved: (view: AvailabilityView) => void;
  onDirty: (section: string, dirty: boolean) => void;
}

/**
 * A section's own form: its values taken from the stored view (edits kept when the view changes under
 * them, e.g. after another section's save), checked with the shared request schema, saved alone through
 * PUT /org/availability, a refused field marked from the 400's issues.
 */
export function useSectionForm<T extends FieldValues, O>(p: {
  ctx: SectionContext;
  section: string;
  title: string;
  schema: z.ZodType<O, T>;
  toValues: (view: AvailabilityView) => T;
  toSections: (values: O, view: AvailabilityView) => AvailabilitySections;
  fields: readonly FieldPath<T>[];
}) {
  const { ctx } = p;
  const form = useForm<T, unknown, O>({
    resolver: zodResolver(p.schema),
    values: p.toValues(ctx.view),
    resetOptions: { keepDirtyValues: true },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const dirty = form.formState.isDirty;
  const { onDirty } = ctx;

  useEffect(() => {
    onDirty(p.section, dirty);
  }, [onDirty, p.section, dirty]);
  useEffect(() => () => onDirty(p.section, false), [onDirty, p.section]);

  const submit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        const saved = await saveAvailabilitySections(ctx.orgId, p.toSections(values, ctx.view));
        form.reset(p.toValues(saved));
        ctx.onSaved(saved);
        toastSaved(`${p.title} saved`, `${p.section}-saved`);
      } catch (error) {
        setFailure(applyApiErrors(error, form.setError, p.fields));
      }
    },
    () => setFailure('Some fields need a fix before this section can be saved; they are marked.'),
  );

  return {
    form,
    card: {
      testId: p.section,
      title: p.title,
      dirty,
      saving: form.formState.isSubmitting,
      failure,
      onSubmit: () => void submit(),
      onDiscard: () => {
        setFailure(null);
        form.reset(p.toValues(ctx.view));
      },
    },
  };
}
