import { HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { useSession } from '../../auth/api/session.api';
import { useSelectedOrg } from '../selected-org';

const ENTERPRISE_OPTION = 'enterprise:';

/**
 * The organization the dashboard shows. Organizations of an enterprise are grouped under its name, with an entry
 * that opens the enterprise's page, where they are shown together (001 §2.19).
 */
export function OrgSwitcher() {
  const { orgId, organizations, selectOrg } = useSelectedOrg();
  const enterprises = useSession().data?.enterprises ?? [];
  const navigate = useNavigate();

  if (organizations.length === 0) {
    return (
      <Text color="fg.muted" textStyle="sm">
        No organization yet
      </Text>
    );
  }

  const grouped = new Set(enterprises.flatMap((e) => e.organization_ids));
  const ungrouped = organizations.filter((o) => !grouped.has(o.id));
  const options = (orgs: typeof organizations) =>
    orgs.map((org) => (
      <option key={org.id} value={org.id}>
        {org.name}
      </option>
    ));

  function choose(value: string) {
    if (value.startsWith(ENTERPRISE_OPTION)) void navigate(`/enterprise/${value.slice(ENTERPRISE_OPTION.length)}${orgId ? `?org=${orgId}` : ''}`);
    else selectOrg(value);
  }

  return (
    <HStack gap="3" minW="0">
      <Text asChild textStyle="sm" color="fg.muted" display={{ base: 'none', sm: 'block' }}>
        <label htmlFor="org-switcher">Organization</label>
      </Text>
      <NativeSelect.Root size="sm" width={{ base: '44', sm: '64' }} maxW="full">
        <NativeSelect.Field id="org-switcher" value={orgId ?? ''} onChange={(event) => choose(event.currentTarget.value)} data-testid="org-switcher">
          {enterprises.length === 0
            ? options(organizations)
            : [
                ...enterprises.map((e) => (
                  <optgroup key={e.id} label={e.name}>
                    <option value={`${ENTERPRISE_OPTION}${e.id}`}>All of {e.name} →</option>
                    {options(organizations.filter((o) => e.organization_ids.includes(o.id)))}
                  </optgroup>
                )),
                ungrouped.length > 0 ? (
                  <optgroup key="other" label="Other organizations">
                    {options(ungrouped)}
                  </optgroup>
                ) : null,
              ]}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}
