import { createContext, type ComponentType } from 'react';
import type { StaffSignInResponse } from '@studio/shared/staff';

/**
 * The staff sign-in form, handed down by the app (app/private-routes.tsx, loaded lazily there) to the
 * frame of the staff pages, which may not import a feature: the guard signs a member in again in
 * place with it when their session ends on an open page (#40, item 13). Without one, a page whose
 * session ends goes to /admin-login.
 */
export type StaffSignInFormComponent = ComponentType<{ onSignedIn: (answer: StaffSignInResponse) => void }>;

export const StaffSignInFormContext = createContext<StaffSignInFormComponent | null>(null);
