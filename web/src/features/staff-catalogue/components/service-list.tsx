import { QueryState } from '../../../components/query-state.tsx';
import { useServices } from '../api/list-services.ts';
import { pricesText, servicesText } from './catalogue-text.ts';
import '../../../components/staff-ui.css';

/** The service list: every service with its subservices and their prices, read-only. */
export function ServiceList() {
  const services = useServices();
  return (
    <QueryState query={services} {...servicesText}>
      {(list) => (
        <ul className="grid-list" aria-label="Services">
          {list.map((service) => (
            <li key={service.id} className="staff-tile">
              <img src={service.afterImage} alt="" width={320} height={144} loading="lazy" />
              <h2>{service.name}</h2>
              <p className="staff-muted">{service.description}</p>
              {service.subServices.length === 0 ? (
                <p className="staff-muted">No subservices available for this service.</p>
              ) : (
                <ul>
                  {service.subServices.map((sub) => (
                    <li key={sub.id}>
                      {sub.name}: {pricesText(sub.prices)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
