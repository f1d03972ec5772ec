import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from './call-api.ts';
import { jobFilePagesOptions } from './job-file-pages.ts';
import { jobFileKeys, type Caller } from './query-keys.ts';

/** `GET /api/jobs/{id}/deliverables`: the finished files, page by page, each with its download link. */
export const deliverablesQueryOptions = (caller: Caller, jobId: string) =>
  jobFilePagesOptions({
    queryKey: jobFileKeys.deliverables(caller, jobId),
    pageSize: 100,
    read: (query, signal) => callApi(caller, 'listDeliverables', { params: { id: jobId }, query, signal }),
  });

export const useDeliverables = (caller: Caller, jobId: string, enabled = true) =>
  useInfiniteQuery({ ...deliverablesQueryOptions(caller, jobId), enabled });
