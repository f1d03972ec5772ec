import { createGroupHandler } from '../lib/http.ts';
import { getUploadLinkRoute } from './get-upload-link.ts';

export const handler = createGroupHandler('get-upload-link', { getUploadLink: getUploadLinkRoute });
