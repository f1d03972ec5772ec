import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useServices } from '../api/list-services.ts';
import { GalleryItemForm } from './gallery-item-form.tsx';
import '../../../components/staff-ui.css';

/** Add Gallery Showcase (spec §2, §5): a before/after item appended to its service's gallery. */
export function GalleryShowcaseForm() {
  const services = useServices();
  const { notice, show, dismiss } = useTimedNotice();
  return (
    <QueryState
      query={services}
      loading="Loading services..."
      error="Failed to load services"
      isEmpty={(list) => list.length === 0}
      empty="No services yet. Add a service first."
    >
      {(list) => (
        <div className="staff-card staff-stack">
          <Notice notice={notice} onDismiss={dismiss} reveal />
          <GalleryItemForm mode="showcase" services={list} onSaved={(text) => show({ kind: 'success', text })} />
        </div>
      )}
    </QueryState>
  );
}
