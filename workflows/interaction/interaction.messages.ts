import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { CallDeliveryMessage, InteractionProgress } from './interaction.types';

export const callDeliveredSignal = defineSignal<[CallDeliveryMessage]>('callDelivered');
export const getInteractionQuery = defineQuery<InteractionProgress>('getInteraction');
