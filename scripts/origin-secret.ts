/**
 * The pure part of rotating the origin header secret (scripts/rotate-origin-secret.ts): what to do
 * given what CloudFront sends now, and the distribution config with the new value.
 */
import { originHeaderName } from '@studio/shared/platform';

export interface OriginHeaderOrigin {
  CustomHeaders?: {
    Quantity: number | undefined;
    Items?: { HeaderName: string | undefined; HeaderValue: string | undefined }[];
  };
}

/**
 * - `rotate`: CloudFront sends the secret's current value: make a new one, then send it.
 * - `resume`: CloudFront sends another value (a rotation stopped after the new value was stored):
 *   send the current one without making another, or the value CloudFront still sends would stop
 *   being accepted (the functions accept the current and the previous value only).
 */
export function rotationStep(cloudFrontValue: string, currentValue: string): 'rotate' | 'resume' {
  return cloudFrontValue === currentValue ? 'rotate' : 'resume';
}

/** The value CloudFront sends to the API origin (the one origin with the header). */
export function originHeaderValue(origins: readonly OriginHeaderOrigin[]): string {
  const values = origins.flatMap(
    (origin) => origin.CustomHeaders?.Items?.filter((h) => h.HeaderName?.toLowerCase() === originHeaderName) ?? [],
  );
  if (values.length !== 1 || !values[0]!.HeaderValue) {
    throw new Error(`Expected exactly one origin with the ${originHeaderName} header, found ${values.length}.`);
  }
  return values[0]!.HeaderValue;
}

/** The origins with the header set to `value`; every other header and origin as it was. */
export function withOriginHeader<T extends OriginHeaderOrigin>(origins: readonly T[], value: string): T[] {
  originHeaderValue(origins);
  return origins.map((origin) => {
    const items = origin.CustomHeaders?.Items;
    if (!items?.some((h) => h.HeaderName?.toLowerCase() === originHeaderName)) return origin;
    return {
      ...origin,
      CustomHeaders: {
        ...origin.CustomHeaders,
        Items: items.map((h) => (h.HeaderName?.toLowerCase() === originHeaderName ? { ...h, HeaderValue: value } : h)),
      },
    };
  });
}
