import { Badge } from '@chakra-ui/react';

export function OnboardingStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  const live = status === 'LIVE';
  return (
    <Badge colorPalette={live ? 'green' : 'orange'} variant="subtle">
      {live ? 'Live' : status === 'TESTING' ? 'Testing' : status}
    </Badge>
  );
}
