import type * as z from 'zod/mini';
import type { createSpecBodySchema, StyleSpec } from '@studio/shared/style-spec';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { specKeys } from './query-keys.ts';

type Body = z.output<typeof createSpecBodySchema>;

/** `POST /api/house-specs` (SUPER_ADMIN). */
export async function createHouseSpec({ body }: { body: Body }): Promise<StyleSpec> {
  const { spec } = await apiRequest('createHouseSpec', { body });
  return spec;
}

/** `PUT /api/house-specs/{specId}` (SUPER_ADMIN): house specs have no versions; copies made earlier do not change. */
export async function updateHouseSpec({ specId, body }: { specId: string; body: Body }): Promise<StyleSpec> {
  const { spec } = await apiRequest('updateHouseSpec', { params: { specId }, body });
  return spec;
}

/** `DELETE /api/house-specs/{specId}` (SUPER_ADMIN). */
export async function deleteHouseSpec(specId: string): Promise<void> {
  await apiRequest('deleteHouseSpec', { params: { specId } });
}

const house = () => [specKeys.house()];
export const useCreateHouseSpec = () => useInvalidatingMutation({ mutationFn: createHouseSpec, invalidates: house });
export const useUpdateHouseSpec = () => useInvalidatingMutation({ mutationFn: updateHouseSpec, invalidates: house });
export const useDeleteHouseSpec = () => useInvalidatingMutation({ mutationFn: deleteHouseSpec, invalidates: house });
