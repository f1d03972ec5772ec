import type { StyleSpec } from '@studio/shared/style-spec';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';

/**
 * Deleting a spec from a list (an organisation's, the studio's house specs): asks first, with what
 * the deletion means for `message`, and on success says "<name> deleted." through `setNotice`.
 */
export function useSpecDeletion({
  setNotice,
  message,
  failureText,
  remove,
}: {
  setNotice: (text: string | null) => void;
  message: string;
  failureText: string;
  remove: (spec: StyleSpec) => Promise<unknown>;
}): (spec: StyleSpec) => Promise<void> {
  const confirmDelete = useConfirmDelete();
  return async (spec) => {
    setNotice(null);
    const done = await confirmDelete({
      title: `Delete ${spec.name}?`,
      message,
      failureText,
      action: () => remove(spec),
    });
    if (done) setNotice(`${spec.name} deleted.`);
  };
}
