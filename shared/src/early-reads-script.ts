import { earlyReadsGlobal, heroImageSizes, serviceBannerImageSizes } from './first-screen.ts';
import { variantWidths } from './media-variants.ts';

/**
 * The inline script of the home page and the service page (described in ./first-screen.ts):
 * starts the read behind the page's largest image and preloads that image once the answer is in.
 */

/** The service page's path pattern, as the script and the app's route table know it. */
const servicePagePattern = '^\\/specific-services\\/([^/?#]+)\\/?$';

export const earlyReadsScript = `(function () {
  var reads = (window.${earlyReadsGlobal} = {});
  var path = location.pathname;
  var service = new RegExp(${JSON.stringify(servicePagePattern)}).exec(path);
  var read = path === '/'
    ? { url: '/api/slider-images', sizes: ${JSON.stringify(heroImageSizes)}, image: function (body) { return body.images[0] && body.images[0].imagePath; } }
    : service
      ? { url: '/api/services/' + service[1], sizes: ${JSON.stringify(serviceBannerImageSizes)}, image: function (body) { return body.service.afterImage; } }
      : null;
  if (!read || typeof fetch !== 'function' || typeof Promise !== 'function') return;
  var response = fetch(read.url, { headers: { Accept: 'application/json' } });
  reads[read.url] = response;
  response
    .then(function (answer) { return answer.ok ? answer.clone().json() : null; })
    .then(function (body) {
      var src = body && read.image(body);
      if (typeof src !== 'string' || src.indexOf('/media/') !== 0) return;
      var base = src.replace(/\\.[^./]*$/, '');
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.type = 'image/avif';
      link.setAttribute('imagesrcset', ${JSON.stringify(variantWidths)}.map(function (width) { return base + '-' + width + 'w.avif ' + width + 'w'; }).join(', '));
      link.setAttribute('imagesizes', read.sizes);
      link.setAttribute('fetchpriority', 'high');
      document.head.appendChild(link);
    })
    ['catch'](function () {});
})();`;
