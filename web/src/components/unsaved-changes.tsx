import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/** "Leave without saving?": Stay keeps the edits, Leave drops them. */
export function DiscardDialog(props: { open: boolean; what: string; onStay: () => void; onLeave: () => void }) {
  return (
    <Dialog.Root open={props.open} role="alertdialog" onOpenChange={(e) => !e.open && props.onStay()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="unsaved-dialog">
            <Dialog.Header>
              <Dialog.Title>Leave without saving?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>You have not saved {props.what}. If you leave now, they are lost.</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onStay} data-testid="unsaved-stay">
                Stay
              </Button>
              <Button colorPalette="red" onClick={props.onLeave} data-testid="unsaved-leave">
                Leave and lose changes
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * Asks before leaving a page with edits that were not saved: a dialog for a move inside the dashboard
 * (React Router's blocker), the browser's own prompt for a reload or a closed tab.
 */
export function UnsavedChangesGuard({ when, what = 'your changes' }: { when: boolean; what?: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return <DiscardDialog open={blocker.state === 'blocked'} what={what} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
}
