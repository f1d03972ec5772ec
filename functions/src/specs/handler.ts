import { specsRoutes } from '@studio/shared/routes/specs';
import { HttpError } from '../lib/errors.ts';
import { createGroupHandler } from '../lib/http.ts';

/**
 * Style specs (#35): an organisation's specs and their versions, the studio's house specs, and the
 * version a job was ordered with.
 */

const notYet = async (): Promise<never> => {
  throw new HttpError('SERVICE_UNAVAILABLE', 'Style specs are being built.');
};

export const handler = createGroupHandler(specsRoutes, {
  createSpec: notYet,
  listSpecs: notYet,
  getSpec: notYet,
  updateSpec: notYet,
  deleteSpec: notYet,
  createReferenceUploadLink: notYet,
  copyHouseSpec: notYet,
  listHouseSpecs: notYet,
  createHouseSpec: notYet,
  updateHouseSpec: notYet,
  deleteHouseSpec: notYet,
  createHouseReferenceUploadLink: notYet,
  getJobSpec: notYet,
});
