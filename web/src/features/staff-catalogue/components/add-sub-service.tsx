import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useServices } from '../api/list-services.ts';
import { servicesText } from './catalogue-text.ts';
import { SubServiceForm } from './sub-service-form.tsx';

/** The Add Subservice page: a subservice with prices per currency, for a service chosen in the form. */
export function AddSubService() {
  const services = useServices();
  const { notice, show, dismiss } = useTimedNotice();
  return (
    <QueryState query={services} {...servicesText}>
      {(list) => (
        <div className="staff-card staff-stack">
          <Notice notice={notice} onDismiss={dismiss} reveal />
          <SubServiceForm services={list} onSaved={(message) => show({ kind: 'success', text: message })} />
        </div>
      )}
    </QueryState>
  );
}
