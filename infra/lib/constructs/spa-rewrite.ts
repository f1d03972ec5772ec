import { releaseStoreKeys } from '@studio/shared/site-publishing';
import { notFoundFile, releaseRootFiles, releasesPrefix, statusMetadataKey } from '@studio/shared/site-render';
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

/** The first line of the viewer-request function: CloudFront's module for its KeyValueStore. */
export const cloudfrontModuleImport = "import cf from 'cloudfront';";

/**
 * Source of the CloudFront Function (cloudfront-js-2.0, viewer request) on the site behaviour,
 * reading the current release from the KeyValueStore `storeId` (written by the site publisher,
 * functions/src/publisher). A path whose last segment has an extension is a file and passes as it
 * is, but `/sitemap.xml` and `/robots.txt`, which are the current release's. Any other path is a page:
 * - a public page (shared/src/site-pages.ts) gets the current release's HTML
 *   (`/suit/pricing` -> `/releases/<id>/suit/pricing/index.html`), or before the first release
 *   the build's (`/suit/pricing/index.html`);
 * - `/specific-services/{id}` gets that service's page in the release when the store lists the
 *   service (`service:<id>`), else the release's not-found page, which the viewer-response
 *   function answers with status 404; before the first release, the build's service template;
 * - every other route (client portal, staff console, sign-in) the app shell, which the SPA renders.
 * The release switch is one write to the store, so every page changes release at once; the
 * rewritten URI is the cache key, so pages of a new release are never answered from the cache of
 * the previous one (nothing to invalidate). The same mapping as `publishedFileFor` and
 * `htmlFileFor` (shared), which the local site server uses. Kept as a string so a test can run the
 * exact code CloudFront runs.
 *
 * This replaces distribution-wide 403/404 error pages, which would also turn API errors into HTML.
 */
export function spaRewriteSource(storeId: string): string {
  return `${cloudfrontModuleImport}
var store = cf.kvs(${JSON.stringify(storeId)});
var pages = ${JSON.stringify(pageFiles)};
var servicePrefix = ${JSON.stringify(serviceDetailPrefix)};
var serviceTemplate = ${JSON.stringify(`/${prerenderedFile(serviceDetailTemplatePath)}`)};
var shell = ${JSON.stringify(`/${appShellFile}`)};
var releases = ${JSON.stringify(`/${releasesPrefix}`)};
var rootFiles = ${JSON.stringify(releaseRootFiles.map((file) => `/${file}`))};
async function currentRelease() {
  try {
    return await store.get(${JSON.stringify(releaseStoreKeys.release)});
  } catch (e) {
    return null;
  }
}
async function hasService(id) {
  try {
    return await store.exists(${JSON.stringify(releaseStoreKeys.service(''))} + id);
  } catch (e) {
    return false;
  }
}
async function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var release;
  if (rootFiles.indexOf(uri) !== -1) {
    release = await currentRelease();
    if (release) request.uri = releases + release + uri;
    return request;
  }
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') !== -1) return request;
  var path = uri.length > 1 ? uri.replace(/\\/+$/, '') : uri;
  if (path === '') path = '/';
  if (Object.prototype.hasOwnProperty.call(pages, path)) {
    release = await currentRelease();
    request.uri = release ? releases + release + pages[path] : pages[path];
  } else if (path.indexOf(servicePrefix) === 0 && path.length > servicePrefix.length && path.indexOf('/', servicePrefix.length) === -1) {
    release = await currentRelease();
    if (!release) request.uri = serviceTemplate;
    else if (await hasService(path.substring(servicePrefix.length))) request.uri = releases + release + path + '/index.html';
    else request.uri = releases + release + ${JSON.stringify(`/${notFoundFile}`)};
  } else {
    request.uri = shell;
  }
  return request;
}
`;
}

/** S3 metadata the publisher sets on the not-found page; S3 sends it as `x-amz-meta-status`. */
export const statusMetadataHeader = `x-amz-meta-${statusMetadataKey}`;

/**
 * Source of the CloudFront Function on viewer responses of the site behaviour: an object that
 * carries its status in its metadata (the release's not-found page: 404) is answered with it,
 * whether it came from the bucket or the cache; the header itself is not passed on.
 */
export const statusFromMetadataSource = `function handler(event) {
  var response = event.response;
  var status = response.headers[${JSON.stringify(statusMetadataHeader)}];
  if (status) {
    var code = parseInt(status.value, 10);
    if (code >= 400 && code < 600) {
      response.statusCode = code;
      response.statusDescription = code === 404 ? 'Not Found' : 'Error';
    }
    delete response.headers[${JSON.stringify(statusMetadataHeader)}];
  }
  return response;
}
`;
