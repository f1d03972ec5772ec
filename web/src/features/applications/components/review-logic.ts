import type { Application } from '@studio/shared/job-application';

/** Spec §2: the search filters the loaded page by full name, email or job title, ignoring case. */
export function filterApplications(applications: readonly Application[], search: string): Application[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...applications];
  return applications.filter((application) =>
    [application.fullName, application.email, application.jobOpening.title].some((value) =>
      value.toLocaleLowerCase().includes(needle),
    ),
  );
}

export const notSpecified = 'Not specified';

/** An optional value as the cards show it. */
export const orNotSpecified = (value: string | null | undefined) => (value?.trim() ? value : notSpecified);

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
