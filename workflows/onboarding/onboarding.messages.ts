import { defineQuery } from '@temporalio/workflow';
import type { OnboardingProgress } from './onboarding.types';

export const getOnboardingProgressQuery = defineQuery<OnboardingProgress>('getOnboardingProgress');
