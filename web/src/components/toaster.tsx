import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react';

/** The one toaster of the dashboard: short confirmations such as "Office hours saved". */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true });

/** Shows a saved message; `testId` lets browser tests find it while it is up. */
export function toastSaved(title: string, testId: string, description?: string) {
  toaster.create({ type: 'success', title, description, duration: 4000, meta: { testId } });
}

export function toastFailed(title: string, description: string) {
  toaster.create({ type: 'error', title, description, duration: 8000, meta: { testId: 'toast-error' } });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid={(toast.meta as { testId?: string } | undefined)?.testId}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
