/** The calls of a job's files, with the caller's token (lib/call-as.ts). */
export { callApi } from '../../../lib/call-as.ts';
