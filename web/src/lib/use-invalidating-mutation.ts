import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

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
}

/**
 * A mutation that refreshes exactly the queries it changes. The mutation settles only once the
 * lists on screen are read again, so a confirm dialog or a busy button stays busy until the page
 * shows the change; queries not on screen are marked stale and read when next shown.
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
}: InvalidatingMutationOptions<Input, Output>) {
  const queryClient = useQueryClient();
  const refresh = (input: Input) =>
    Promise.all(invalidates(input).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    onSuccess: (_output, input) => refresh(input),
    onError: alsoOnFailure ? (_error, input) => refresh(input) : undefined,
  });
}
