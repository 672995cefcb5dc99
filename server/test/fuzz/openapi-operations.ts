/**
 * The operations of the portal's own OpenAPI document (`/api/docs/json`, DESIGN.md §2): what
 * the fuzz run generates its requests from, so every route and method the server declares is
 * covered without a list kept by hand.
 */

/** The slice of JSON Schema the generators read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path with `{name}` placeholders, e.g. `/api/storage/show/unit/{unitId}`. */
  path: string;
  params: Parameter[];
  body: JsonSchema | undefined;
  /** True when HTTP 200 answers JSON (the envelope); false for images and files. */
  jsonAnswer: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const content = op.requestBody?.content ?? {};
      const body = Object.values(content)[0]?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).map((p) => ({ ...p, required: p.required ?? false })),
        body,
        jsonAnswer: Object.keys(op.responses?.['200']?.content ?? {}).some((type) =>
          type.includes('json'),
        ),
      });
    }
  }
  return operations;
}

export async function fetchOperations(baseUrl: string): Promise<Operation[]> {
  const response = await fetch(`${baseUrl}/api/docs/json`);
  if (!response.ok) throw new Error(`GET /api/docs/json answered ${response.status}`);
  return operationsOf((await response.json()) as OpenApiDocument);
}
