import { useConfirm, type ConfirmOptions } from './confirm-dialog.tsx';

/** What a delete asks: the heading, the spec's question, the delete itself and its failure text. */
export type DeleteQuestion = Required<Pick<ConfirmOptions, 'title' | 'message' | 'action' | 'failureText'>>;

/**
 * `useConfirm` for a delete: a danger dialog with 'Yes, delete' (reading 'Deleting...' while the
 * delete runs) and Cancel, focus on Cancel. Resolves true once deleted.
 *
 * @example
 * const confirmDelete = useConfirmDelete();
 * if (await confirmDelete({ title: 'Delete this service?', message: 'Are you sure you want to
 *   delete this service?', action: () => remove.mutateAsync(id), failureText: 'Error deleting service' }))
 *   show({ kind: 'success', text: 'Service deleted successfully!' });
 */
export function useConfirmDelete(): (question: DeleteQuestion) => Promise<boolean> {
  const confirm = useConfirm();
  return (question) => confirm({ confirmLabel: 'Yes, delete', busyLabel: 'Deleting...', tone: 'danger', ...question });
}
