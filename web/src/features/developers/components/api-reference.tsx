import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { useOpenApiDocument } from '../api/get-openapi-document.ts';

/** The `<rapi-doc>` element's method that renders a document given as an object. */
interface RapiDocElement extends HTMLElement {
  loadSpec(spec: object): void;
}

/**
 * RapiDoc's settings: a reading layout, the site's fonts and colours (no font is fetched from
 * elsewhere: the CSP allows none), no header with a URL box, and the page's URL left alone.
 */
const rapiDocAttributes: Record<string, string> = {
  'render-style': 'view',
  layout: 'column',
  theme: 'light',
  'show-header': 'false',
  'allow-spec-url-load': 'false',
  'allow-spec-file-load': 'false',
  'allow-server-selection': 'false',
  // A reference to read: no console that sends requests, and no box to paste a live key into.
  'allow-try': 'false',
  'allow-authentication': 'false',
  'load-fonts': 'false',
  'update-route': 'false',
  'regular-font': 'inherit',
  'mono-font': 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  'primary-color': '#1d4ed8',
  // RapiDoc's lighter text (descriptions) is this made lighter: dark enough for it to keep 4.5:1.
  'text-color': '#111827',
  'bg-color': '#ffffff',
  'nav-bg-color': '#f8fafc',
  'schema-description-expanded': 'true',
  'default-schema-tab': 'schema',
};

/**
 * The API's OpenAPI document, rendered by RapiDoc (#36). The renderer (a web component, about
 * 220 KB gzip) is imported here only, by this page's lazy chunk: no other page loads it.
 */
export function ApiReference() {
  const document = useOpenApiDocument();
  const renderer = useQuery({
    queryKey: ['developers', 'renderer'] as const,
    queryFn: () => import('rapidoc').then(() => true),
    staleTime: Infinity,
    retry: false,
  });
  return (
    <QueryState query={document} loading="Loading the API reference..." error="The API reference could not be loaded.">
      {(spec) => (
        <QueryState
          query={renderer}
          loading="Loading the API reference..."
          error="The API reference viewer could not be loaded."
        >
          {() => <RapiDoc spec={spec} />}
        </QueryState>
      )}
    </QueryState>
  );
}

function RapiDoc({ spec }: { spec: object }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = host.current;
    if (!container) return;
    // Made by hand rather than in JSX: React would set the element's settings as properties, and
    // RapiDoc reads them as attributes.
    const element = window.document.createElement('rapi-doc') as RapiDocElement;
    for (const [name, value] of Object.entries(rapiDocAttributes)) element.setAttribute(name, value);
    element.className = 'api-reference__viewer';
    container.append(element);
    element.loadSpec(structuredClone(spec));
    return () => element.remove();
  }, [spec]);
  return <div ref={host} className="api-reference" />;
}
