import type { z } from 'zod';
import type { Timezone, CrmName } from '../../../domain/organization/organization-settings.schema';
import type { OrgCapacityView } from '../../../domain/capacity/capacity-check';
import type { AvailabilityViewSchema } from './availability.schema';

export function toAvailabilityView(view: OrgCapacityView): z.infer<typeof AvailabilityViewSchema> {
  const { rules: _rules, timezone, crm_name, ...rest } = view;
  return { ...rest, timezone: timezone as Timezone, crm_name: crm_name as CrmName };
}
