/**
 * Every player-facing sentence the product shows, verbatim from the spec (section 8 and 5) or, where the
 * spec is silent, written here once. Server errors carry these texts; the client shows them as they come.
 */
export const MSG = {
  invalidLogin: 'Invalid email/username or password.',
  emailInUse: 'Email is already in use.',
  signupFailed: 'An error occurred. Please try again later.',
  passwordsDoNotMatch: 'Passwords do not match',
  resetSent: 'Check your email to reset your password',
  resetFailed: 'Failed to send password reset email',
  googleNotConfigured: 'Google sign-in is not configured.',
  usernameInvalid: 'Username must be between 3 and 15 characters and letters/numbers.',
  usernameTaken: (name: string) => `Username '${name}' already exists`,
  usernameSet: (name: string) => `Username set successfully to: ${name}`,
  redirecting: 'Redirecting... click here if not redirected.',
  profileFetchFailed: 'Failed to fetch user profile',
  loading: 'Loading...',
  notFoundTitle: 'Page not found',
  notFoundText: "Sorry, we couldn't find the page you're looking for.",
  // Not in the spec: texts for states the spec does not cover.
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  emailInvalid: 'Enter a valid email address.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  signedOut: 'You are not signed in.',
  usernameRequired: 'Choose a username first.',
  usernameAlreadySet: 'Your username is already set.',
  forbidden: 'You cannot access this.',
  badOrigin: 'Cross-site requests are not allowed.',
  invalidRequest: 'Invalid request.',
  notFound: 'Not found.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  passwordChanged: 'Your password has been changed. You can log in now.',
  googleFailed: 'Google sign-in failed. Please try again.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;
