import { EmptyNotice } from '../../../components/empty-notice';
import { Page } from '../../../components/page';

export function SettingsPage() {
  return (
    <Page title="Settings" description="Your organization's settings.">
      <EmptyNotice symbol="⚙" title="Settings are coming" description="Spam numbers, service-area zip codes, CC e-mails and phone numbers, and notification settings will be managed here." />
    </Page>
  );
}
