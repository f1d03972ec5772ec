import { useState } from 'react';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { useAddServiceImages } from '../api/add-service-images.ts';
import { useDeleteServiceImages } from '../api/delete-service-images.ts';
import { useServices } from '../api/list-services.ts';
import { useServiceImages } from '../api/list-service-images.ts';
import { useReorderServiceImages } from '../api/reorder-service-images.ts';
import { ServiceImageGrid } from './service-image-grid.tsx';
import { ServiceImagesUpload } from './service-images-upload.tsx';
import '../../../components/staff-ui.css';
import './staff-showcase.css';

/** Service Images Manager (/mangageImageCaraousal), with the spec's texts (§2, §5, §8). */
export function ServiceImagesManager() {
  const services = useServices();
  const [serviceId, setServiceId] = useState('');
  const images = useServiceImages(serviceId);
  const { notice, show, dismiss } = useTimedNotice();
  const service = services.data?.find((s) => s.id === serviceId);
  // Spec §4: one busy flag while an upload, a delete or a reorder runs.
  const changes = { add: useAddServiceImages(), remove: useDeleteServiceImages(), reorder: useReorderServiceImages() };
  const busy = changes.add.isPending || changes.remove.isPending || changes.reorder.isPending;

  return (
    <div className="staff-stack">
      <Notice notice={notice} onDismiss={dismiss} />
      <div className="staff-card">
        <div className="form staff-form">
          <QueryState
            query={services}
            loading="Loading services..."
            error="Failed to load services"
            isEmpty={() => false}
          >
            {(list) => (
              <SelectField
                label="Service"
                placeholder="Choose a service..."
                options={list.map((s) => ({ value: s.id, label: s.name }))}
                value={serviceId}
                disabled={busy}
                onChange={(event) => setServiceId(event.target.value)}
              />
            )}
          </QueryState>
          <ServiceImagesUpload serviceId={serviceId} add={changes.add} disabled={busy} onDone={show} />
        </div>
      </div>
      {service && (
        <section className="staff-stack" aria-label={`Images of ${service.name}`}>
          <QueryState
            query={images}
            loading="Loading images..."
            empty="No images found for this service. Upload some images to get started."
          >
            {(list) => (
              <ServiceImageGrid
                key={serviceId}
                serviceId={serviceId}
                images={list}
                changes={changes}
                busy={busy}
                onNotice={show}
              />
            )}
          </QueryState>
        </section>
      )}
    </div>
  );
}
