/** The calls of a job's images, with the caller's token (lib/call-as.ts). */
export { callApi, type Caller } from '../../../lib/call-as.ts';
