import { Button, Card, Checkbox, Field, HStack, Input, NativeSelect, SimpleGrid, Text, Textarea } from '@chakra-ui/react';
import { Controller, type Control, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import type { AgentForm } from '../agent-form';

type Props = { index: number; control: Control<AgentForm>; register: UseFormRegister<AgentForm>; errors: FieldErrors<AgentForm>; onRemove: () => void };

/** One transfer_call tool (000 §3): where the call goes, cold or warm, and what the person taking it hears first. */
export function TransferToolFields({ index, control, register, errors, onRemove }: Props) {
  const mode = useWatch({ control, name: `transferTools.${index}.mode` });
  const handoff = useWatch({ control, name: `transferTools.${index}.handoff` });
  const name = useWatch({ control, name: `transferTools.${index}.name` });
  const fieldErrors = errors.transferTools?.[index];
  const testId = (field: string) => `transfer-${index}-${field}`;

  return (
    <Card.Root size="sm" variant="outline" data-testid={`transfer-tool-${index}`}>
      <Card.Body gap="4">
        <HStack justify="space-between" align="center">
          <Text fontWeight="semibold">{name?.trim() ? name : `Transfer ${index + 1}`}</Text>
          <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove} data-testid={testId('remove')}>
            Remove
          </Button>
        </HStack>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root invalid={Boolean(fieldErrors?.name)}>
            <Field.Label>Tool name</Field.Label>
            <Input {...register(`transferTools.${index}.name`)} placeholder="transfer_to_dispatch" autoComplete="off" data-testid={testId('name')} />
            <Field.HelperText>What the agent calls the transfer: letters, digits, _ and -.</Field.HelperText>
            <Field.ErrorText data-testid={testId('name-error')}>{fieldErrors?.name?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(fieldErrors?.number)}>
            <Field.Label>Destination number</Field.Label>
            <Input
              {...register(`transferTools.${index}.number`)}
              type="tel"
              inputMode="tel"
              placeholder="+15551234567"
              autoComplete="off"
              data-testid={testId('number')}
            />
            <Field.ErrorText data-testid={testId('number-error')}>{fieldErrors?.number?.message}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={Boolean(fieldErrors?.description)}>
          <Field.Label>When to transfer</Field.Label>
          <Textarea
            {...register(`transferTools.${index}.description`)}
            rows={2}
            placeholder="When the caller asks for a person or has a billing question"
            data-testid={testId('description')}
          />
          <Field.ErrorText>{fieldErrors?.description?.message}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>Transfer</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register(`transferTools.${index}.mode`)} data-testid={testId('mode')}>
                <option value="cold">Cold: put the caller through</option>
                <option value="warm">Warm: brief the person first</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {mode === 'warm' ? (
            <Field.Root>
              <Field.Label>Handoff</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...register(`transferTools.${index}.handoff`)} data-testid={testId('handoff')}>
                  <option value="prompt">The agent sums up the call</option>
                  <option value="static_message">A fixed message</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          ) : null}
        </SimpleGrid>
        {mode === 'warm' ? (
          <Field.Root invalid={Boolean(fieldErrors?.handoffText)}>
            <Field.Label>{handoff === 'prompt' ? 'Handoff prompt' : 'Handoff message'}</Field.Label>
            <Textarea
              {...register(`transferTools.${index}.handoffText`)}
              rows={3}
              placeholder={
                handoff === 'prompt'
                  ? "Tell them the caller's name, address and what they need."
                  : 'A customer calling about an existing job, transferred by the AI agent.'
              }
              data-testid={testId('handoff-text')}
            />
            <Field.ErrorText data-testid={testId('handoff-text-error')}>{fieldErrors?.handoffText?.message}</Field.ErrorText>
          </Field.Root>
        ) : null}
        <Controller
          control={control}
          name={`transferTools.${index}.showTransfereeAsCaller`}
          render={({ field }) => (
            <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)} data-testid={testId('show-caller')}>
              <Checkbox.HiddenInput onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>Show the caller's number to the person taking the transfer</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
      </Card.Body>
    </Card.Root>
  );
}
