import { createGroupHandler } from '../lib/http.ts';
import { getUploadLinkRoute } from './get-upload-link.ts';

export const handler = createGroupHandler('uploads', { getUploadLink: getUploadLinkRoute });
