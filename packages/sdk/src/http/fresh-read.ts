/**
 * Headers of a read that must reflect a change the page has just made (RFC 9111 `no-cache`): the
 * server answers it from the database, not from an instance's cache that the change's event may
 * not have reached yet behind a proxy (DESIGN.md §2: two instances behave as one). A module of
 * its own, so the login page's session store takes it without the HTTP client's texts.
 */
export const FRESH_READ_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': 'no-cache' };
