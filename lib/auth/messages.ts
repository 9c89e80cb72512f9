// Messages for next-auth's error codes (and weft's own), shown by the landing page and the sign-in form.
// No server imports: the client form uses it too.

export type LoginErrorCode = "EmailDomain" | "RateLimited" | "RecipientLimited";

const MESSAGES: Record<string, string> = {
  Verification: "This sign-in link is invalid, has expired or was already used. Ask for a new one below.",
  EmailSignin: "The sign-in email could not be sent. Check the address and try again.",
  EmailDomain: "This email domain is not supported.",
  RateLimited: "Too many sign-in links were requested from your address. Try again later.",
  RecipientLimited: "Too many sign-in links were sent to this email address. Try again later.",
  AccessDenied: "Signing in with this email is not allowed.",
  SessionRequired: "Sign in to continue.",
};

export function loginErrorMessage(code: string): string {
  return MESSAGES[code] ?? "Signing in did not work. Try again.";
}
