import { Alert, Badge, Box, Button, Field, HStack, Heading, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { InviteMemberRequestSchema, type TeamRole } from '@contracts/team.contract';
import { ErrorNotice, errorMessage } from '../../../components/error-notice';
import { LoadingNotice } from '../../../components/loading-notice';
import { Page } from '../../../components/page';
import { applyApiErrors } from '../../../lib/form-errors';
import { useSelectedOrg } from '../../organizations/selected-org';
import { cancelInvitation, changeRole, inviteMember, removeMember, resendInvitation, useTeam, type Team } from '../api/team.api';

const InviteFormSchema = InviteMemberRequestSchema.omit({ orgId: true }).extend({ role: z.enum(['admin', 'member']) });
type InviteForm = z.infer<typeof InviteFormSchema>;

const ROLE_LABELS: Record<TeamRole, string> = { admin: 'Admin', member: 'Member' };
// On a phone the e-mail goes under the name and the dates give way, so the actions stay on screen.
const WIDE_ONLY = { display: { base: 'none', md: 'table-cell' } } as const;

function NameAndEmail({ name, email }: { name: string; email: string }) {
  return (
    <>
      {name}
      <Text display={{ md: 'none' }} textStyle="xs" color="fg.muted" wordBreak="break-all">
        {email}
      </Text>
    </>
  );
}

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** The organization's people: members and their roles, pending invitations, and (for admins) inviting, re-roling and removing. */
export function TeamPage() {
  const { orgId } = useSelectedOrg();
  const team = useTeam(orgId);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function act(key: string, done: string, run: () => Promise<Team>) {
    setBusy(key);
    setNotice(null);
    try {
      await team.mutate(await run(), { revalidate: false });
      setNotice({ ok: true, text: done });
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  if (!orgId) return <Page title="Team">{null}</Page>;
  const data = team.data;
  const canManage = data?.can_manage ?? false;

  return (
    <Page title="Team" description="Who can sign in to this organization's dashboard. Admins invite people, change roles and remove members.">
      {team.error && <ErrorNotice error={team.error} onRetry={() => void team.mutate()} />}
      {!data && !team.error && <LoadingNotice label="Loading the team…" />}
      {notice && (
        <Alert.Root status={notice.ok ? 'success' : 'error'} data-testid="team-notice">
          <Alert.Indicator />
          <Alert.Title>{notice.text}</Alert.Title>
        </Alert.Root>
      )}
      {data && (
        <Stack gap="8">
          <Box overflowX="auto">
            <Table.Root size="sm" data-testid="team-members">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader {...WIDE_ONLY}>E-mail</Table.ColumnHeader>
                  <Table.ColumnHeader>Role</Table.ColumnHeader>
                  <Table.ColumnHeader {...WIDE_ONLY}>Joined</Table.ColumnHeader>
                  {canManage && <Table.ColumnHeader />}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.members.map((m) => (
                  <Table.Row key={m.user_id} data-testid={`member-${m.email}`}>
                    <Table.Cell>
                      <NameAndEmail name={m.name} email={m.email} />
                    </Table.Cell>
                    <Table.Cell {...WIDE_ONLY}>{m.email}</Table.Cell>
                    <Table.Cell>
                      {canManage ? (
                        <NativeSelect.Root size="sm" width="32" disabled={busy !== null}>
                          <NativeSelect.Field
                            aria-label={`Role of ${m.name}`}
                            value={m.role}
                            data-testid={`member-role-${m.email}`}
                            onChange={(e) =>
                              void act(`role:${m.user_id}`, `${m.name} is now ${e.target.value === 'admin' ? 'an admin' : 'a member'}.`, () =>
                                changeRole(orgId, m.user_id, e.target.value as TeamRole),
                              )
                            }
                          >
                            <option value="admin">Admin</option>
                            <option value="member">Member</option>
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      ) : (
                        <Badge colorPalette={m.role === 'admin' ? 'blue' : 'gray'}>{ROLE_LABELS[m.role]}</Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell {...WIDE_ONLY}>{day(m.joined_at)}</Table.Cell>
                    {canManage && (
                      <Table.Cell textAlign="end">
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          loading={busy === `remove:${m.user_id}`}
                          disabled={busy !== null}
                          data-testid={`member-remove-${m.email}`}
                          onClick={() => {
                            if (window.confirm(`Remove ${m.name} from the organization? They are signed out at once.`)) {
                              void act(`remove:${m.user_id}`, `${m.name} was removed.`, () => removeMember(orgId, m.user_id));
                            }
                          }}
                        >
                          Remove
                        </Button>
                      </Table.Cell>
                    )}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>

          <Stack gap="3">
            <Heading as="h2" size="md">
              Pending invitations
            </Heading>
            {data.invitations.length === 0 ? (
              <Text color="fg.muted" data-testid="no-invitations">
                No invitations waiting for an answer.
              </Text>
            ) : (
              <Box overflowX="auto">
                <Table.Root size="sm" data-testid="team-invitations">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Name</Table.ColumnHeader>
                      <Table.ColumnHeader {...WIDE_ONLY}>E-mail</Table.ColumnHeader>
                      <Table.ColumnHeader {...WIDE_ONLY}>Role</Table.ColumnHeader>
                      <Table.ColumnHeader>Link valid until</Table.ColumnHeader>
                      {canManage && <Table.ColumnHeader />}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {data.invitations.map((i) => (
                      <Table.Row key={i.id} data-testid={`invitation-${i.email}`}>
                        <Table.Cell>
                          <NameAndEmail name={i.name} email={i.email} />
                        </Table.Cell>
                        <Table.Cell {...WIDE_ONLY}>{i.email}</Table.Cell>
                        <Table.Cell {...WIDE_ONLY}>{ROLE_LABELS[i.role]}</Table.Cell>
                        <Table.Cell>{i.expired ? <Badge colorPalette="orange">Expired</Badge> : day(i.expires_at)}</Table.Cell>
                        {canManage && (
                          <Table.Cell textAlign="end">
                            <HStack justify="flex-end" gap="2">
                              <Button
                                size="xs"
                                variant="outline"
                                loading={busy === `resend:${i.id}`}
                                disabled={busy !== null}
                                onClick={() => void act(`resend:${i.id}`, `The invitation was sent again to ${i.email}.`, () => resendInvitation(orgId, i.id))}
                              >
                                Resend
                              </Button>
                              <Button
                                size="xs"
                                variant="ghost"
                                colorPalette="red"
                                loading={busy === `cancel:${i.id}`}
                                disabled={busy !== null}
                                onClick={() => void act(`cancel:${i.id}`, `The invitation of ${i.email} was cancelled.`, () => cancelInvitation(orgId, i.id))}
                              >
                                Cancel
                              </Button>
                            </HStack>
                          </Table.Cell>
                        )}
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            )}
          </Stack>

          {canManage && (
            <InviteForm
              orgId={orgId}
              onInvited={(next, email) =>
                void team.mutate(next, { revalidate: false }).then(() => setNotice({ ok: true, text: `An invitation was e-mailed to ${email}.` }))
              }
            />
          )}
        </Stack>
      )}
    </Page>
  );
}

function InviteForm({ orgId, onInvited }: { orgId: string; onInvited: (team: Team, email: string) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteForm>({ resolver: zodResolver(InviteFormSchema), defaultValues: { email: '', name: '', role: 'member' } });

  async function invite(form: InviteForm) {
    setFailure(null);
    try {
      const next = await inviteMember({ orgId, ...form });
      reset();
      onInvited(next, form.email);
    } catch (error) {
      setFailure(applyApiErrors(error, setError, ['email', 'name', 'role']));
    }
  }

  return (
    <Stack gap="3" as="section">
      <Heading as="h2" size="md">
        Invite someone
      </Heading>
      <form onSubmit={(event) => void handleSubmit(invite)(event)} noValidate data-testid="invite-form">
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
          <Field.Root invalid={Boolean(errors.email)} required>
            <Field.Label>E-mail</Field.Label>
            <Input type="email" {...register('email', { setValueAs: (v: string) => v.trim() })} data-testid="invite-email" />
            <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.name)} required>
            <Field.Label>Name</Field.Label>
            <Input {...register('name')} data-testid="invite-name" />
            <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.role)} maxW={{ md: '40' }}>
            <Field.Label>Role</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('role')} data-testid="invite-role">
                <option value="member">Member</option>
                <option value="admin">Admin</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={isSubmitting} loadingText="Sending…" flexShrink={0} data-testid="invite-submit">
            Send invitation
          </Button>
        </Stack>
      </form>
      {failure && (
        <Alert.Root status="error" data-testid="invite-error">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
