/**
 * Source of the CloudFront Function (cloudfront-js-2.0, viewer request) on the site behaviour:
 * a path whose last segment has no extension is a client-side route, so it gets `/index.html`.
 * Kept as a string so a test can run the exact code CloudFront runs.
 *
 * This replaces distribution-wide 403/404 error pages, which would also turn API errors into HTML.
 */
export const spaRewriteSource = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;
