/**
 * Page changes in one place, so the flows read as intent ("go to the login page") and
 * tests can see the addresses they build. The login address is the SDK's `loginUrlFor`
 * (`@campus/sdk/create-page-runtime`).
 */
/** Opens an address, keeping the current page in history. */
export function goTo(url: string): void {
  window.location.assign(url);
}

/** Opens an address in place of the current page (no way back to it). */
export function replaceWith(url: string): void {
  window.location.replace(url);
}
