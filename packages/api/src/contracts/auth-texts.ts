/** The answer to a signed-in caller whose e-mail address is not verified yet (spec part 1). */
export const VERIFICATION_REQUIRED_TEXT =
  'Please verify your email address before signing in. Check your inbox for the verification email.';
