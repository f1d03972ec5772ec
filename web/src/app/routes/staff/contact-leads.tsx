import { StaffPage } from '../../../components/staff-layout.tsx';
import { ContactLeads } from '../../../features/staff-leads/components/contact-leads.tsx';
import { BackToDashboard } from './back-to-dashboard.tsx';

export function ContactLeadsRoute() {
  return (
    <StaffPage title="Contact Leads" roles={['SUPER_ADMIN']} actions={<BackToDashboard />}>
      <ContactLeads />
    </StaffPage>
  );
}
