import { usersRoutes } from '@studio/shared/routes/users';
import { createGroupHandler } from '../lib/http.ts';
import { deleteClientRoute } from './delete-client.ts';
import { forgotPasswordRoute } from './forgot-password.ts';
import { listClientsRoute } from './list-clients.ts';
import { resendCodeRoute } from './resend-code.ts';
import { resetPasswordRoute } from './reset-password.ts';
import { signInRoute } from './sign-in.ts';
import { signOutEverywhereRoute } from './sign-out-everywhere.ts';
import { signUpRoute } from './sign-up.ts';
import { verifyEmailRoute } from './verify-email.ts';

export const handler = createGroupHandler(usersRoutes, {
  listClients: listClientsRoute,
  signUp: signUpRoute,
  verifyEmail: verifyEmailRoute,
  resendCode: resendCodeRoute,
  signIn: signInRoute,
  forgotPassword: forgotPasswordRoute,
  resetPassword: resetPasswordRoute,
  signOutEverywhere: signOutEverywhereRoute,
  deleteClient: deleteClientRoute,
});
