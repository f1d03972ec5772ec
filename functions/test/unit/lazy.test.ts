/** Loading a rare route's heavy module on first use (functions/src/lib/lazy.ts). */
import { describe, expect, it, vi } from 'vitest';
import { lazy } from '../../src/lib/lazy.ts';

describe('lazy', () => {
  it('loads nothing until called, then once for every caller', async () => {
    const load = vi.fn(async () => ({ value: 42 }));
    const module = lazy(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([module(), module()]);
    expect(await module()).toBe(a);
    expect(b).toBe(a);
    expect(a.value).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce('ok');
    const module = lazy(load);
    await expect(module()).rejects.toThrow('network');
    await expect(module()).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
