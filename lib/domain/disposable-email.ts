import { isDisposableEmail } from "disposable-email-domains-js";
import { invalid } from "./errors";

// Apart from fields.ts so that the browser bundles of the console's forms do not carry the domain list.
export function assertNotDisposable(address: string) {
  if (isDisposableEmail(address)) throw invalid("This email domain is not supported.");
}
