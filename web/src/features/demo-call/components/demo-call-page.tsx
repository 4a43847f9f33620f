import { Alert, Box, Button, Card, Code, Field, Heading, Input, Link as ChakraLink, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { DemoCallRequest, DemoCallResponse } from '@contracts/demo-call.contract';
import { ApiError } from '../../../lib/api-client';
import { applyApiErrors } from '../../../lib/form-errors';
import { requestDemoCall, useDemoAssistants } from '../api/demo-call.api';

type Form = { name: string; email: string; number: string; companyName: string; assistant: string };
const FIELDS = ['name', 'email', 'number', 'companyName', 'assistant'] as const;

/** Spec 001 §2.16: the public landing page's "call me now" form; the demo organization's agent calls the visitor. */
export function DemoCallPage() {
  const assistants = useDemoAssistants();
  const [placed, setPlaced] = useState<DemoCallResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ defaultValues: { name: '', email: '', number: '', companyName: '', assistant: '' } });

  async function send(form: Form) {
    setFailure(null);
    const body: DemoCallRequest = {
      name: form.name,
      email: form.email.trim(),
      number: form.number,
      companyName: form.companyName,
      ...(form.assistant ? { assistant: form.assistant } : {}),
    };
    try {
      setPlaced(await requestDemoCall(body));
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) setFailure(`${error.message} (too many demo calls)`);
      else setFailure(applyApiErrors(error, setError, FIELDS));
    }
  }

  return (
    <Box minH="100vh" bg="bg.muted" px={{ base: '4', md: '8' }} py={{ base: '8', md: '16' }}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '8', md: '12' }} maxW="5xl" mx="auto" alignItems="center">
        <Stack gap="4">
          <Text fontWeight="bold" color="blue.600" letterSpacing="tight">
            HomeAgent
          </Text>
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }} data-testid="page-title">
            Hear your AI receptionist
          </Heading>
          <Text color="fg.muted" textStyle="lg">
            Give us your number and our assistant calls you in seconds. Talk to it like a customer would: ask for a repair, book a visit, ask about prices.
          </Text>
        </Stack>
        <Card.Root boxShadow="md">
          <Card.Body>
            {placed ? (
              <Stack gap="4" data-testid="demo-call-placed">
                <Alert.Root status="success">
                  <Alert.Indicator />
                  <Alert.Title>Calling {placed.to_number} now.</Alert.Title>
                </Alert.Root>
                <Text textStyle="sm">
                  Call id <Code data-testid="demo-call-id">{placed.call_id}</Code>
                </Text>
                {placed.sandbox && (
                  <Text textStyle="sm" color="fg.muted">
                    This installation uses the offline voice platform, so no phone rings. Signed-in users can talk to the agent on the{' '}
                    <ChakraLink asChild colorPalette="blue">
                      <Link to="/web-call" data-testid="demo-web-call-link">
                        web call page
                      </Link>
                    </ChakraLink>
                    .
                  </Text>
                )}
                <Button variant="outline" onClick={() => setPlaced(null)}>
                  Request another call
                </Button>
              </Stack>
            ) : (
              <form onSubmit={(event) => void handleSubmit(send)(event)} noValidate>
                <Stack gap="4">
                  <Field.Root invalid={Boolean(errors.name)} required>
                    <Field.Label>Your name</Field.Label>
                    <Input autoComplete="name" {...register('name')} data-testid="demo-name" />
                    <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.email)} required>
                    <Field.Label>E-mail</Field.Label>
                    <Input type="email" autoComplete="email" {...register('email')} data-testid="demo-email" />
                    <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.number)} required>
                    <Field.Label>Phone number</Field.Label>
                    <Input type="tel" autoComplete="tel" placeholder="+1 (303) 555-0100" {...register('number')} data-testid="demo-number" />
                    <Field.ErrorText>{errors.number?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.companyName)} required>
                    <Field.Label>Company name</Field.Label>
                    <Input autoComplete="organization" {...register('companyName')} data-testid="demo-company" />
                    <Field.ErrorText>{errors.companyName?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.assistant)}>
                    <Field.Label>Assistant</Field.Label>
                    <NativeSelect.Root disabled={!assistants.data}>
                      <NativeSelect.Field {...register('assistant')} data-testid="demo-assistant">
                        <option value="">Demo assistant</option>
                        {assistants.data?.assistants
                          .filter((a) => a.agent_type !== 'DEMO_AGENT')
                          .map((a) => (
                            <option key={a.id} value={a.id}>
                              {a.label}
                            </option>
                          ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText>{errors.assistant?.message}</Field.ErrorText>
                  </Field.Root>
                  <Button type="submit" colorPalette="blue" loading={isSubmitting} data-testid="demo-submit">
                    Call me now
                  </Button>
                </Stack>
              </form>
            )}
            {(failure || assistants.error) && (
              <Alert.Root status="error" mt="4" data-testid="demo-failure">
                <Alert.Indicator />
                <Alert.Title>
                  {failure ?? (assistants.error instanceof Error ? assistants.error.message : 'Demo calls are not available right now.')}
                </Alert.Title>
              </Alert.Root>
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Box>
  );
}
