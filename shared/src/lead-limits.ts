/**
 * Longest text accepted per kind of lead field; a lead is short, and anything longer is abuse.
 * A module of its own, without zod, so the site's forms read the limits without loading the lead
 * schemas (lead.ts builds those from these figures).
 */
export const leadLimits = {
  name: 100,
  email: 254,
  phone: 30,
  service: 100,
  description: 5000,
  brief: 5000,
  link: 2048,
  website: 2048,
} as const;
