import { SlidesPanel } from './slides-panel.tsx';
import { TestimonialsPanel } from './testimonials-panel.tsx';
import '../../../components/staff-ui.css';

/** Home page content: slides and testimonials, changed without a deploy. */
export function HomeContentManager() {
  return (
    <div className="staff-stack">
      <p className="staff-muted">Changes show on the public home page within a minute.</p>
      <SlidesPanel />
      <TestimonialsPanel />
    </div>
  );
}
