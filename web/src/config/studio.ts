/** The studio as the site names it: the footer, the contact page and the structured data. */
export const studioName = 'Retouch Studio';

export const studioContact = {
  website: 'www.retouchstudio.example',
  email: 'hello@retouchstudio.example',
  phone: '+1 (555) 010-2030',
} as const;

/** The studio's address (the contact page's map), as schema.org's PostalAddress fields. */
export const studioAddress = {
  streetAddress: '221 Harbour Street, Suite 4',
  addressCountry: 'US',
} as const;
