import type * as z from 'zod/mini';
import type { createSpecBodySchema, StyleSpec, updateSpecBodySchema } from '@studio/shared/style-spec';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { specKeys } from './query-keys.ts';

type CreateInput = { organisationId: string; body: z.output<typeof createSpecBodySchema> };
type UpdateInput = { organisationId: string; specId: string; body: z.output<typeof updateSpecBodySchema> };
type SpecInput = { organisationId: string; specId: string };
type CopyInput = { organisationId: string; houseSpecId: string };

/** `POST /api/organisations/{id}/specs` (OWNER, BUYER): version 1 of a new spec. */
export async function createSpec({ organisationId, body }: CreateInput): Promise<StyleSpec> {
  const { spec } = await apiRequest('createSpec', { params: { id: organisationId }, body });
  return spec;
}

/** `PUT /api/organisations/{id}/specs/{specId}` (OWNER, BUYER): the next version; 409 when another was saved meanwhile. */
export async function updateSpec({ organisationId, specId, body }: UpdateInput): Promise<StyleSpec> {
  const { spec } = await apiRequest('updateSpec', { params: { id: organisationId, specId }, body });
  return spec;
}

/** `DELETE /api/organisations/{id}/specs/{specId}` (OWNER, BUYER): hidden from new orders; jobs keep their version. */
export async function deleteSpec({ organisationId, specId }: SpecInput): Promise<StyleSpec> {
  const { spec } = await apiRequest('deleteSpec', { params: { id: organisationId, specId } });
  return spec;
}

/** `POST /api/organisations/{id}/house-specs/{houseSpecId}/copy` (OWNER, BUYER): a new spec at version 1. */
export async function copyHouseSpec({ organisationId, houseSpecId }: CopyInput): Promise<StyleSpec> {
  const { spec } = await apiRequest('copyHouseSpec', { params: { id: organisationId, houseSpecId }, body: {} });
  return spec;
}

const listOf = ({ organisationId }: { organisationId: string }) => [specKeys.list(organisationId)];

export const useCreateSpec = () => useInvalidatingMutation({ mutationFn: createSpec, invalidates: listOf });
export const useUpdateSpec = () =>
  useInvalidatingMutation({
    mutationFn: updateSpec,
    invalidates: ({ organisationId, specId }) => [specKeys.list(organisationId), specKeys.one(organisationId, specId)],
  });
export const useDeleteSpec = () => useInvalidatingMutation({ mutationFn: deleteSpec, invalidates: listOf });
export const useCopyHouseSpec = () => useInvalidatingMutation({ mutationFn: copyHouseSpec, invalidates: listOf });
