import type { PageRoute } from '../../app/route-types.ts';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { InvitationPage } from './InvitationPage.tsx';
import { LoginPage } from './LoginPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';
import { LogoutPage, SwitchBackPage } from './SessionActionPage.tsx';

export const AUTH_ROUTES: PageRoute[] = [
  { path: '/users/login', title: 'Log in', audience: 'guest', component: LoginPage },
  { path: '/users/register', title: 'Create an account', audience: 'guest', component: RegisterPage },
  { path: '/users/forgot_password', title: 'Forgot password', audience: 'guest', component: ForgotPasswordPage },
  { path: '/users/reset_password/:token', title: 'New password', audience: 'guest', component: ResetPasswordPage },
  { path: '/users/invitation/:token', title: 'Invitation', audience: 'guest', component: InvitationPage },
  { path: '/users/logout', title: 'Log out', audience: 'public', component: LogoutPage },
  { path: '/users/logout/in', title: 'Back to your account', audience: 'user', component: SwitchBackPage },
];
