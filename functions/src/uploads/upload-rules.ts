import { ConflictError } from '../lib/errors.ts';

/** An upload a job was made of takes no more files (docs/decisions/job-files.md, "Job files"). */
export function uploadClosed(jobNumber: string | null): ConflictError {
  return new ConflictError(
    `This upload belongs to job ${jobNumber ?? 'already created'} and takes no more photos. Start a new quote to send more.`,
  );
}
