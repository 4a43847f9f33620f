import { HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useSelectedOrg } from '../selected-org';

export function OrgSwitcher() {
  const { orgId, organizations, selectOrg } = useSelectedOrg();

  if (organizations.length === 0) {
    return (
      <Text color="fg.muted" textStyle="sm">
        No organization yet
      </Text>
    );
  }

  return (
    <HStack gap="3" minW="0">
      <Text asChild textStyle="sm" color="fg.muted" display={{ base: 'none', sm: 'block' }}>
        <label htmlFor="org-switcher">Organization</label>
      </Text>
      <NativeSelect.Root size="sm" width={{ base: '44', sm: '64' }} maxW="full">
        <NativeSelect.Field id="org-switcher" value={orgId ?? ''} onChange={(event) => selectOrg(event.currentTarget.value)} data-testid="org-switcher">
          {organizations.map((org) => (
            <option key={org.id} value={org.id}>
              {org.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
