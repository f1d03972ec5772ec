import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from './call-api.ts';
import { jobFilePagesOptions } from './job-file-pages.ts';
import { jobFileKeys, type Caller } from './query-keys.ts';

/** `GET /api/jobs/{id}/photos`: the client's photos, page by page (a screen of previews), each with its link. */
export const jobPhotosQueryOptions = (caller: Caller, jobId: string) =>
  jobFilePagesOptions({
    queryKey: jobFileKeys.photos(caller, jobId),
    pageSize: 60,
    read: (query, signal) => callApi(caller, 'listJobPhotos', { params: { id: jobId }, query, signal }),
  });

export const useJobPhotos = (caller: Caller, jobId: string) => useInfiniteQuery(jobPhotosQueryOptions(caller, jobId));
