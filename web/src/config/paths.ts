/**
 * Every in-app URL the site links to, in one place. Paths follow the spec's route table (§2);
 * pages not built yet are listed so links point at their future home.
 */
export const paths = {
  home: '/',
  /** The home page's services section. */
  homeServices: '/#services',
  fullServices: '/full-services',
  freeTrial: '/free-trial',
  gallery: '/gallery',
  contactUs: '/contactus',
  career: '/career',
  login: '/login',
  signup: '/signup',
  serviceDetail: (serviceId: string) => `/specific-services/${encodeURIComponent(serviceId)}`,
  serviceQuote: (serviceId: string) => `/service-quote/${encodeURIComponent(serviceId)}`,
} as const;
