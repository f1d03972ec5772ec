import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../testing/render.tsx';
import { useInvalidatingMutation } from './use-invalidating-mutation.ts';

/** A list on "the server", read by a query whose first read answers only when the test says so. */
function serverList() {
  const names = ['Personal'];
  let releaseFirstRead = () => {};
  const firstReadHeld = new Promise<void>((resolve) => {
    releaseFirstRead = resolve;
  });
  let reads = 0;
  const read = async () => {
    reads += 1;
    const answer = [...names];
    if (reads === 1) await firstReadHeld;
    return answer;
  };
  return { names, read, releaseFirstRead, reads: () => reads };
}

function renderListAndCreate(server: ReturnType<typeof serverList>) {
  const queryClient = createTestQueryClient();
  const progress = { refreshing: false };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const rendered = renderHook(
    () => ({
      list: useQuery({ queryKey: ['names'], queryFn: server.read }),
      create: useInvalidatingMutation({
        mutationFn: async (name: string) => {
          server.names.push(name);
          return name;
        },
        invalidates: () => {
          progress.refreshing = true;
          return [['names']];
        },
      }),
    }),
    { wrapper },
  );
  return { ...rendered, progress };
}

describe('useInvalidatingMutation', () => {
  it('shows the change when the first read of the list was sent before it and answers after it', async () => {
    const server = serverList();
    const { result, progress } = renderListAndCreate(server);
    await waitFor(() => expect(server.reads()).toBe(1));

    let created: Promise<string> = Promise.resolve('');
    act(() => {
      created = result.current.create.mutateAsync('Acme');
    });
    // The change is made and the list is being read again; only then does the read sent before
    // the change answer, with the list as it was.
    await waitFor(() => expect(progress.refreshing).toBe(true));
    server.releaseFirstRead();
    await act(() => created);

    expect(server.reads()).toBe(2);
    await waitFor(() => expect(result.current.list.data).toEqual(['Personal', 'Acme']));
  });

  it('reads a list that has data again once, after the change', async () => {
    const server = serverList();
    server.releaseFirstRead();
    const { result } = renderListAndCreate(server);
    await waitFor(() => expect(result.current.list.data).toEqual(['Personal']));

    await act(() => result.current.create.mutateAsync('Acme'));

    expect(server.reads()).toBe(2);
    await waitFor(() => expect(result.current.list.data).toEqual(['Personal', 'Acme']));
  });
});
