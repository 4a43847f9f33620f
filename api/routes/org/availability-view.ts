import type { z } from 'zod';
import type { Timezone, CrmName } from '../../../lib/domain';
import type { OrgCapacityView } from '../../../activities/crm/capacity/capacity-check';
import type { AvailabilityViewSchema } from './availability.schema';

export function toAvailabilityView(view: OrgCapacityView): z.infer<typeof AvailabilityViewSchema> {
  const { rules: _rules, timezone, crm_name, ...rest } = view;
  return { ...rest, timezone: timezone as Timezone, crm_name: crm_name as CrmName };
}
