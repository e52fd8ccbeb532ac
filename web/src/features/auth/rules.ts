/** The server's rule (auth.service MIN_PASSWORD_LENGTH), checked here too so the browser can say so before sending. */
export const MIN_PASSWORD_LENGTH = 8;

export const passwordInput = { minLength: MIN_PASSWORD_LENGTH, maxLength: 200 };
