import {
  appShellFile,
  prerenderedFile,
  serviceDetailPrefix,
  serviceDetailTemplatePath,
  sitePages,
} from '@studio/shared/site-pages';

const pageFiles: Record<string, string> = Object.fromEntries(
  sitePages.map((page) => [page.path, `/${prerenderedFile(page.path)}`]),
);

/**
 * Source of the CloudFront Function (cloudfront-js-2.0, viewer request) on the site behaviour. A
 * path whose last segment has an extension is a file and passes as it is. Any other path is a page:
 * a prerendered public page gets its own HTML (`/suit/pricing` -> `/suit/pricing/index.html`,
 * shared/src/site-pages.ts), `/specific-services/{id}` the service page template, and every other
 * route (client portal, staff console, sign-in) the app shell, which the SPA renders.
 * Kept as a string so a test can run the exact code CloudFront runs; the same mapping as
 * `htmlFileFor` in shared/src/site-pages.ts, which the local production server uses.
 *
 * This replaces distribution-wide 403/404 error pages, which would also turn API errors into HTML.
 */
export const spaRewriteSource = `var pages = ${JSON.stringify(pageFiles)};
var servicePrefix = ${JSON.stringify(serviceDetailPrefix)};
var serviceTemplate = ${JSON.stringify(`/${prerenderedFile(serviceDetailTemplatePath)}`)};
var shell = ${JSON.stringify(`/${appShellFile}`)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') !== -1) return request;
  var path = uri.length > 1 ? uri.replace(/\\/+$/, '') : uri;
  if (path === '') path = '/';
  if (Object.prototype.hasOwnProperty.call(pages, path)) {
    request.uri = pages[path];
  } else if (path.indexOf(servicePrefix) === 0 && path.length > servicePrefix.length && path.indexOf('/', servicePrefix.length) === -1) {
    request.uri = serviceTemplate;
  } else {
    request.uri = shell;
  }
  return request;
}
`;
