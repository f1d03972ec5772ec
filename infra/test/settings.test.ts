/**
 * The deployment settings read from CDK context (lib/settings.ts), which bin/app.ts and
 * `npm run doctor` share: the domain's two forms and what follows from a domain.
 */
import { describe, expect, it } from 'vitest';
import { apiOriginName, readDeploymentSettings } from '../lib/settings.ts';

const read = (context: Record<string, string>, region: string | undefined = 'eu-west-1') =>
  readDeploymentSettings((name) => context[name], region);

const trial = { stage: 'trial' };
const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';

describe('deployment settings', () => {
  it('take a trial stage without a domain: no site origins, no site URL', () => {
    const settings = read(trial);
    expect(settings).toMatchObject({ stage: 'trial', production: false, domain: undefined });
    expect(settings.siteOrigins).toBeUndefined();
    expect(settings.siteUrl).toBeUndefined();
    expect(settings.reservedConcurrency).toBe(false);
  });

  it('derive the site URL and upload origins from the domain and its alternate names (hosted zone form)', () => {
    const settings = read({
      ...trial,
      domainName: 'Studio.Example.com',
      alternateDomainNames: 'www.studio.example.com, shop.studio.example.com',
      hostedZoneId: 'Z0123456789ABCDEFGHIJ',
    });
    expect(settings.domain).toEqual({
      domainName: 'studio.example.com',
      alternateDomainNames: ['www.studio.example.com', 'shop.studio.example.com'],
      hostedZoneId: 'Z0123456789ABCDEFGHIJ',
    });
    expect(settings.siteUrl).toBe('https://studio.example.com');
    expect(settings.siteOrigins).toEqual([
      'https://studio.example.com',
      'https://www.studio.example.com',
      'https://shop.studio.example.com',
    ]);
    expect(apiOriginName(settings.domain!)).toBe('api-origin.studio.example.com');
  });

  it('keep a site URL and more origins given beside the domain', () => {
    const settings = read({
      ...trial,
      domainName: 'studio.example.com',
      certificateArn,
      siteUrl: 'https://www.studio.example.com',
      siteOrigins: 'https://studio.example.com,https://old.example.net',
    });
    expect(settings.siteUrl).toBe('https://www.studio.example.com');
    expect(settings.siteOrigins).toEqual(['https://studio.example.com', 'https://old.example.net']);
  });

  it('refuse a domain with both, or neither, of a hosted zone and a certificate', () => {
    expect(() => read({ ...trial, domainName: 'studio.example.com' })).toThrow(
      /exactly one of "hostedZoneId".*"certificateArn"/,
    );
    expect(() =>
      read({ ...trial, domainName: 'studio.example.com', hostedZoneId: 'Z0123456789', certificateArn }),
    ).toThrow(/exactly one/);
  });

  it('refuse a certificate outside us-east-1, which CloudFront cannot use', () => {
    expect(() =>
      read({
        ...trial,
        domainName: 'studio.example.com',
        certificateArn: certificateArn.replace('us-east-1', 'eu-west-1'),
      }),
    ).toThrow(/us-east-1/);
  });

  it('refuse domain settings without the domain, names that are not domains, and a repeated name', () => {
    expect(() => read({ ...trial, hostedZoneId: 'Z0123456789' })).toThrow(/needs "domainName"/);
    expect(() => read({ ...trial, alternateDomainNames: 'www.studio.example.com' })).toThrow(/needs "domainName"/);
    expect(() => read({ ...trial, domainName: 'https://studio.example.com', certificateArn })).toThrow(/domain names/);
    expect(() =>
      read({ ...trial, domainName: 'studio.example.com', alternateDomainNames: 'studio.example.com', certificateArn }),
    ).toThrow(/repeats/);
    expect(() => read({ ...trial, domainName: 'studio.example.com', hostedZoneId: 'not-a-zone' })).toThrow(/zone id/);
  });

  it('take an API origin certificate only with the certificate form', () => {
    expect(() =>
      read({
        ...trial,
        domainName: 'studio.example.com',
        hostedZoneId: 'Z0123456789',
        originCertificateArn: certificateArn,
      }),
    ).toThrow(/goes with "certificateArn"/);
    expect(
      read({ ...trial, domainName: 'studio.example.com', certificateArn, originCertificateArn: certificateArn }).domain
        ?.originCertificateArn,
    ).toBe(certificateArn);
  });

  it('take a MAIL FROM subdomain of the sending domain only', () => {
    expect(read({ ...trial, mailDomain: 'studio.example', mailFromDomain: 'mail.studio.example' }).mail).toEqual({
      domain: 'studio.example',
      from: 'Retouch Studio <notifications@studio.example>',
      mailFromDomain: 'mail.studio.example',
    });
    expect(() => read({ ...trial, mailDomain: 'studio.example', mailFromDomain: 'mail.other.example' })).toThrow(
      /subdomain of the mailDomain/,
    );
  });

  it('reserve concurrency only when told', () => {
    expect(read({ ...trial, reservedConcurrency: 'true' }).reservedConcurrency).toBe(true);
    expect(() => read({ ...trial, reservedConcurrency: 'yes' })).toThrow(/true or false/);
  });
});
