import { Link } from '../../../components/app-link.tsx';
import { paths } from '../../../config/paths.ts';
import './home-sections.css';

export function AboutSection() {
  return (
    <section id="about" className="home-section" aria-labelledby="about-heading">
      <div className="container about-section">
        <div>
          <p className="eyebrow">About Our Company</p>
          <h2 id="about-heading" className="home-section__heading">
            Who We Are
          </h2>
        </div>
        <div className="about-section__text">
          <p>
            We are an outsourced e-commerce photo editing studio. Online sellers, photographers and agencies send us
            their product, fashion, jewelry and portrait shots; our retouchers return them clean, consistent and ready
            for Amazon, eBay, Shopify, Etsy and every other marketplace.
          </p>
          <p>
            From a single hero image to thousands of catalogue photos a day, each client gets a dedicated retoucher, a
            clear price per image and delivery on the agreed date.
          </p>
        </div>
      </div>
    </section>
  );
}

/** The spec's eight feature claims (§1). */
export const featureClaims = [
  ['Start Free Trial', 'Send a sample and judge our work before you pay anything.'],
  ['Your Own Retoucher', 'One dedicated editor learns your style and keeps every batch consistent.'],
  ['100% Quality Assured', 'Every image is checked by a second pair of eyes before delivery.'],
  ['On Time Delivery', 'We agree a deadline up front and we keep it.'],
  ['Rush Service', 'Urgent launch? Ask for express turnaround on any order.'],
  ['Bulk Order Processing', 'Thousands of images a day, with discounts up to 50% on bulk orders.'],
  ['100% Secured File Transfer', 'Your files travel over encrypted links and are never shared.'],
  ['Easy Payment System', 'Pay per image with the method that suits you.'],
] as const;

export function FeaturesSection() {
  return (
    <section id="features" className="home-section home-section--muted" aria-labelledby="features-heading">
      <div className="container">
        <p className="eyebrow">Why choose us</p>
        <h2 id="features-heading" className="home-section__heading">
          Features
        </h2>
        <ul className="features-grid">
          {featureClaims.map(([title, text], index) => (
            <li key={title} className="features-grid__item">
              <span className="features-grid__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export const processSteps = [
  ['Quick Uploading', 'Upload your photos or share a cloud link, tell us what you need, and get a price at once.'],
  ['Professional Editing', 'Your retoucher edits every image by hand to your instructions and our quality checklist.'],
  ['Timely Delivery', 'Download the finished images on the agreed date; revisions are free.'],
] as const;

export function ProcessSection() {
  return (
    <section id="process" className="home-section" aria-labelledby="process-heading">
      <div className="container">
        <p className="eyebrow">Working process</p>
        <h2 id="process-heading" className="home-section__heading">
          How it works
        </h2>
        <ol className="process-steps">
          {processSteps.map(([title, text], index) => (
            <li key={title} className="process-steps__item">
              <span className="process-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function FreeTrialBanner() {
  return (
    <section id="trial" className="trial-banner" aria-labelledby="trial-heading">
      <div className="container trial-banner__inner">
        <div>
          <h2 id="trial-heading">ONLY $12 PER IMAGE RETOUCHING</h2>
          <p>Not sure yet? Send us one photo and see the result before you order: the first edit is free.</p>
        </div>
        <Link to={paths.freeTrial} className="button button--light">
          START FREE TRIAL
        </Link>
      </div>
    </section>
  );
}
