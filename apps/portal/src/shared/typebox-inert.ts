/**
 * What the portal's browser build takes for `typebox` (vite.config.ts `resolve.alias`). The
 * contracts build their TypeBox schemas at module level, for the server, which validates with
 * them; a page uses an endpoint's method and path and the types, never its schemas, and a
 * schema built in the browser pulled TypeBox's type engine (about 12 kB gz) into both pages.
 * Here every `Type.X(...)` gives an empty object. `typebox-inert.test.ts` checks that the
 * browser code imports nothing else from TypeBox.
 */
type Builder = (...args: unknown[]) => Record<string, never>;

const inert: Builder = () => ({});

/** Stands in for TypeBox's `Type`: each builder gives an empty, inert schema. */
export const Type: Readonly<Record<string, Builder>> = new Proxy(
  {},
  {
    get: () => inert,
  },
);
