import { StaffPage } from '../../../components/staff-layout.tsx';
import { ApplicationReview } from '../../../features/applications/components/application-review.tsx';
import '../../../components/form.css';

/** `/review-applications`: job applications for SUPER_ADMIN (spec §2 'Review applications'). */
export function ReviewApplicationsRoute() {
  return (
    <StaffPage title="Job Applications" roles={['SUPER_ADMIN']}>
      <ApplicationReview />
    </StaffPage>
  );
}
