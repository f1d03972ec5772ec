import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Reads the queries under `queryKey` again after a change: the ones on screen now (the promise
 * settles when they have answered), the others when next shown. Every mutation refreshes through
 * this rather than `invalidateQueries` alone: a read still in flight may have been answered
 * before the change, and React Query does not start another read for a query that has no data
 * yet (its first load) but waits on that one and shows its answer, which lacks the change. The
 * read in flight is stopped first, so the read that follows is one sent after the change.
 */
export async function refreshQueries(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

export interface InvalidatingMutationOptions<Input, Output> {
  /** Sends the change: the endpoint's fetcher from the feature's `api/` file. */
  mutationFn: (input: Input) => Promise<Output>;
  /**
   * The keys of every query whose data the change alters, from the query-key factories: the staff
   * list it was made on, and the public reads that show it (`lib/public-query-keys.ts`).
   */
  invalidates: (input: Input) => readonly QueryKey[];
  /**
   * Read them again after a failure too, for a change whose outcome a failure leaves unknown (a
   * reorder: spec §4 reads the list again 'on success or failure'). Default: after success only.
   */
  alsoOnFailure?: boolean;
  /**
   * Called once the lists are read again after a success, to correct what they may still miss:
   * a list the server reads from an eventually consistent index (on AWS, a moment behind a write)
   * is given the item the change answered.
   */
  afterRefresh?: (output: Output, queryClient: QueryClient) => void;
}

/**
 * A mutation that refreshes exactly the queries it changes. The mutation settles only once the
 * lists on screen are read again, by reads sent after the change (a read in flight is stopped),
 * so a confirm dialog or a busy button stays busy until the page shows the change; queries not
 * on screen are marked stale and read when next shown.
 *
 * @example
 * export const useDeleteService = () =>
 *   useInvalidatingMutation({
 *     mutationFn: deleteService,
 *     invalidates: (id) => [catalogueKeys.services(), servicesKey, pricingKey],
 *   });
 */
export function useInvalidatingMutation<Input, Output>({
  mutationFn,
  invalidates,
  alsoOnFailure = false,
  afterRefresh,
}: InvalidatingMutationOptions<Input, Output>) {
  const queryClient = useQueryClient();
  const refresh = (input: Input) =>
    Promise.all(invalidates(input).map((queryKey) => refreshQueries(queryClient, queryKey)));
  return useMutation({
    mutationFn,
    onSuccess: async (output, input) => {
      await refresh(input);
      afterRefresh?.(output, queryClient);
    },
    onError: alsoOnFailure ? (_error, input) => refresh(input) : undefined,
  });
}
