import { useId } from 'react';
import { Link } from '../../../components/app-link.tsx';
import type { Service } from '@studio/shared/service';
import { BeforeAfterSlider } from '../../../components/before-after-slider.tsx';
import { TruncatedText } from '../../../components/truncated-text.tsx';
import { paths } from '../../../config/paths.ts';

/** `priority`: the card opens its page (the first of the services page), its slider on the first screen. */
export function ServiceCard({
  service,
  titleLevel = 3,
  priority = false,
}: {
  service: Service;
  titleLevel?: 2 | 3;
  priority?: boolean;
}) {
  const titleId = useId();
  const Title = titleLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="service-card" aria-labelledby={titleId}>
      {/* Product decision: the old site put the after image in the before slot (spec §2); we show the real before image. */}
      <BeforeAfterSlider
        beforeSrc={service.beforeImage}
        afterSrc={service.afterImage}
        subject={service.name}
        sizes="(max-width: 768px) calc(100vw - 2.5rem), (max-width: 1199px) 45vw, 380px"
        priority={priority}
      />
      <div className="service-card__body">
        <Title id={titleId} className="service-card__title">
          {service.name}
        </Title>
        <TruncatedText text={service.description} className="service-card__description" />
        <div className="service-card__actions">
          <Link to={paths.serviceQuote(service.id)} className="button button--primary" aria-describedby={titleId}>
            Get A Quote
          </Link>
          <Link to={paths.serviceDetail(service.id)} className="button button--secondary" aria-describedby={titleId}>
            View More
          </Link>
        </div>
      </div>
    </article>
  );
}
