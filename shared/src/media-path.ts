import { mediaPathPrefix } from './platform.ts';

/**
 * The object key a request path under `/media/` names (`/media/images/a.png` -> `media/images/a.png`),
 * or null when the path could name anything outside the media prefix: a `.` or `..` segment, an
 * empty one, a backslash, a NUL or other control character, or an encoded `/` or `%` (a second
 * round of decoding, which a server behind may do, would turn it into one of the others). `rawPath`
 * is the path as the request sent it, before any URL parser folded its dot segments; one round of
 * percent-decoding is applied. Used by the local servers (Vite for `npm start`, the stand-in for
 * CloudFront of `npm run preview`) before they pass a path to the S3 emulator, which resolves `..`.
 */
export function mediaObjectKey(rawPath: string): string | null {
  const path = rawPath.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith(mediaPathPrefix)) return null;
  if (/%(2f|5c|25|00)|\\/i.test(path)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\%]/.test(decoded)) return null;
  const segments = decoded.slice(mediaPathPrefix.length).split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  return `${mediaPathPrefix.slice(1)}${segments.join('/')}`;
}

/** A key from `mediaObjectKey`, as a path-style URL path on an S3 endpoint: `/<bucket>/<key>`, each segment encoded. */
export function mediaObjectUrlPath(bucket: string, key: string): string {
  return `/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}
