import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@studio/shared/platform';
import { errorEnvelope } from '@studio/shared/errors';
import { backToDashboardText } from '../../../components/staff-layout.tsx';
import { startStaffSession, staffHomePath } from '../../../lib/staff-session.ts';
import { renderRoutes } from '../../../testing/render.tsx';
import { privatePaths } from '../../private-paths.ts';
import { appRoutes } from '../../router.tsx';

/** Who opens each staff page here: a role the page is for. */
const pageRole: Partial<Record<(typeof privatePaths)[number], StaffRole>> = {
  '/admin': 'SUPER_ADMIN',
  '/manager': 'MANAGER',
  '/assign-job': 'MANAGER',
  '/edit-job': 'MANAGER',
  '/editor': 'EDITOR',
  '/user-table': 'SUPER_ADMIN',
  'job-files/:jobId': 'EDITOR',
  'job-files/:jobId/review': 'EDITOR',
  '/qc': 'MANAGER',
  '/review-applications': 'SUPER_ADMIN',
  '/add-service': 'SUPER_ADMIN',
  '/service-list': 'SUPER_ADMIN',
  '/service-table': 'SUPER_ADMIN',
  '/add-subservice': 'SUPER_ADMIN',
  '/upload-image': 'SUPER_ADMIN',
  '/add-gallaryitem': 'SUPER_ADMIN',
  '/manage-gallary': 'SUPER_ADMIN',
  '/mangageImageCaraousal': 'SUPER_ADMIN',
  '/home-content': 'SUPER_ADMIN',
  '/job-postings': 'SUPER_ADMIN',
  '/contact-leads': 'SUPER_ADMIN',
  '/house-specs': 'SUPER_ADMIN',
  '/settings': 'SUPER_ADMIN',
  '/email-settings': 'MANAGER',
};

/** Every staff page of the route table: the paths after /admin-login in `privatePaths`. */
const staffPages = privatePaths.slice(privatePaths.indexOf('/admin-login') + 1);

/** A page's URL: a path with parameters (`job-files/:jobId`) gets an example id. */
const urlOf = (path: string) => `/${path.replace(/^\//, '').replace(':jobId', '01JD0J0B000000000000000001')}`;

afterEach(() => vi.unstubAllGlobals());

/**
 * Opens `path` as `role`. The pages' data is not what is checked here: every call answers 500,
 * so each page shows its failure under the same header.
 */
async function open(path: string, role: StaffRole) {
  vi.stubGlobal('fetch', async () => Response.json(errorEnvelope('INTERNAL', 'Not in this test.'), { status: 500 }));
  startStaffSession(
    'staff-tok',
    { id: 'u-1', email: 'staff@example.com', username: 'Sam Staff', role },
    new Date(Date.now() + 3_600_000).toISOString(),
  );
  const view = renderRoutes(appRoutes, { path });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return view;
}

describe('the staff header', () => {
  it('names every staff page of the route table', () => {
    expect([...staffPages].sort()).toEqual(Object.keys(pageRole).sort());
  });

  it.each(staffPages.map((path) => [path, pageRole[path]!] as const))(
    '%s (as %s) has the console header and a way back to the dashboard',
    async (path, role) => {
      const { unmount } = await open(urlOf(path), role);
      expect(screen.getByRole('link', { name: 'Staff console' }).getAttribute('href')).toBe(staffHomePath[role]);
      expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
      const back = screen.queryByRole('link', { name: backToDashboardText });
      if (path === staffHomePath[role]) expect(back).toBeNull();
      else expect(back?.getAttribute('href')).toBe(staffHomePath[role]);
      unmount();
    },
  );

  it("goes back to the member's own dashboard: a super-admin on a manager page to /admin", async () => {
    await open('/assign-job', 'SUPER_ADMIN');
    expect(screen.getByRole('link', { name: backToDashboardText }).getAttribute('href')).toBe('/admin');
  });
});
