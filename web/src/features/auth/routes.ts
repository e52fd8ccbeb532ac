import { lazyPage } from '../../app/lazy-page.tsx';
import type { PageRoute } from '../../app/route-types.ts';

export const AUTH_ROUTES: PageRoute[] = [
  { path: '/users/login', title: 'Log in', audience: 'guest', component: lazyPage(() => import('./LoginPage.tsx'), 'LoginPage') },
  { path: '/users/register', title: 'Create an account', audience: 'guest', component: lazyPage(() => import('./RegisterPage.tsx'), 'RegisterPage') },
  { path: '/users/forgot_password', title: 'Forgot password', audience: 'guest', component: lazyPage(() => import('./ForgotPasswordPage.tsx'), 'ForgotPasswordPage') },
  { path: '/users/reset_password/:token', title: 'New password', audience: 'guest', component: lazyPage(() => import('./ResetPasswordPage.tsx'), 'ResetPasswordPage') },
  { path: '/users/invitation/:token', title: 'Invitation', audience: 'guest', component: lazyPage(() => import('./InvitationPage.tsx'), 'InvitationPage') },
  { path: '/users/logout', title: 'Log out', audience: 'public', component: lazyPage(() => import('./SessionActionPage.tsx'), 'LogoutPage') },
  { path: '/users/logout/in', title: 'Back to your account', audience: 'user', component: lazyPage(() => import('./SessionActionPage.tsx'), 'SwitchBackPage') },
];
