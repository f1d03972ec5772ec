import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { createQueryClient } from './provider.tsx';

describe('createQueryClient', () => {
  const { queries } = createQueryClient().getDefaultOptions();
  const retry = queries?.retry as (failureCount: number, error: Error) => boolean;

  it('keeps data fresh for a minute and ignores window focus', () => {
    expect(queries?.staleTime).toBe(60_000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
  });

  it('retries a network failure or a 5xx once', () => {
    expect(retry(0, new ApiError(0, 'NETWORK_ERROR', 'Network error occurred'))).toBe(true);
    expect(retry(0, new ApiError(503, 'INTERNAL', 'down'))).toBe(true);
    expect(retry(1, new ApiError(503, 'INTERNAL', 'down'))).toBe(false);
  });

  it('does not retry a 4xx', () => {
    expect(retry(0, new ApiError(404, 'NOT_FOUND', 'gone'))).toBe(false);
  });
});
