/** Wire shapes of sign-up, password reset and invitations (snake_case), shared with the web app through `import type`. */
export interface WireInvitation {
  email: string;
  organization_name: string;
}

export interface WirePasswordReset {
  email: string;
}

export interface WireNotice {
  message: string;
}
