import type { Projection } from './projection';
import { interactionsProjection } from './interactions/interactions.projection';
import { organizationsProjection } from './organizations/organizations.projection';
import { staffDirectoryProjection } from './staff-directory/staff-directory.projection';

/** Every read model the projector process keeps and the rebuild command recreates. */
export const PROJECTIONS: Projection[] = [organizationsProjection, staffDirectoryProjection, interactionsProjection];
