import { Flex, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { useSelectedOrg } from '../../organizations/selected-org';

/** A slim line over every page while the selected organization is in testing, leading to its go-live checklist. */
export function TestingBanner({ activeRoute }: { activeRoute: string | null }) {
  const { organization, hrefFor } = useSelectedOrg();
  if (organization?.onboarding_status !== 'TESTING' || activeRoute === 'go-live') return null;
  return (
    <Flex px={{ base: '4', md: '8' }} py="2" gap="2" wrap="wrap" bg="orange.subtle" color="orange.fg" fontSize="sm" data-testid="testing-banner">
      <Text>{organization.name} is in testing.</Text>
      <Link asChild fontWeight="semibold" color="orange.fg">
        <RouterLink to={hrefFor('/settings/go-live')}>See what it needs to go live →</RouterLink>
      </Link>
    </Flex>
  );
}
