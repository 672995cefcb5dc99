/**
 * Storage contracts: the public image routes and the addresses built from them, shared
 * so the server, the SDK and the pages agree on one shape (spec §3 icon paths per theme,
 * spec §7 GET /api/storage/show/unit/{unitId}).
 */
import { Type, type Static } from 'typebox';
import { defineEndpoint, endpointPath } from './endpoint.ts';
import { IdSchema, Line } from './primitives.ts';
import {
  DEFAULT_UPLOAD_SERVER_ID,
  FILE_NAME_MAX_LENGTH,
  UPLOAD_MAX_CHUNK_BYTES,
} from './upload-rules.ts';

/** Icon sets per theme (spec §3: gray, colour, cartoon). */
export const APP_ICON_VARIANTS = ['gray', 'color', 'cartoon'] as const;
export type AppIconVariant = (typeof APP_ICON_VARIANTS)[number];

export const UnitLogoParamsSchema = Type.Object({ unitId: IdSchema });
export type UnitLogoParams = Static<typeof UnitLogoParamsSchema>;

export const AppIconParamsSchema = Type.Object({
  code: IdSchema,
  // Spelled out: a mapped array loses the literal types (Static would be `never`).
  variant: Type.Union([Type.Literal('gray'), Type.Literal('color'), Type.Literal('cartoon')]),
});
export type AppIconParams = Static<typeof AppIconParamsSchema>;

/**
 * The one answer of every upload call (DESIGN.md §7): the stored file as its uploader sees it.
 * `url` downloads it; `createdAt` is epoch milliseconds.
 */
export const FileDescriptorSchema = Type.Object({
  fileId: IdSchema,
  name: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  md5: Type.String(),
  contentType: Type.String(),
  url: Type.String(),
  createdAt: Type.Integer(),
});
export type FileDescriptor = Static<typeof FileDescriptorSchema>;

/** A lower-case or upper-case hex MD5, as spark-md5, hash-wasm and WebUploader write it. */
export const Md5Schema = Type.String({
  minLength: 32,
  maxLength: 32,
  pattern: '^[0-9a-fA-F]{32}$',
});
/** A file name as the browser gives it; the server sanitises it before keeping it. */
export const UploadNameSchema = Line({ minLength: 1, maxLength: 1024 });
/** Spec §3 upload payload `serverid` (default 'base', spec §9). */
export const ServerIdSchema = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]{1,64}$',
    default: DEFAULT_UPLOAD_SERVER_ID,
  }),
);
/** The client's own id of the file (WebUploader's `uid`); kept only in logs. */
const UidSchema = Type.Optional(Line({ maxLength: 128 }));
/** A whole file's size in bytes; the server's configured limit (UPLOAD_MAX_BYTES) decides. */
const FileSizeSchema = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
/** How many chunks: at least one (an empty file is refused by the upload rules anyway). */
const ChunkTotalSchema = Type.Integer({ minimum: 1, maximum: 1_000_000 });
const ChunkIndexSchema = Type.Integer({ minimum: 0, maximum: 999_999 });

/** Spec §7 `second_upload_check`: md5 and name (and the payload's other fields, ignored). */
export const SecondUploadCheckBodySchema = Type.Object({
  md5: Md5Schema,
  name: UploadNameSchema,
  size: Type.Optional(FileSizeSchema),
  serverid: ServerIdSchema,
  uid: UidSchema,
});
export type SecondUploadCheckBody = Static<typeof SecondUploadCheckBodySchema>;

/** Spec §7 `block_upload_check`: `size` is the whole file's, `chunk` counts from 0 (DESIGN.md §7). */
export const BlockUploadCheckBodySchema = Type.Object({
  md5: Md5Schema,
  name: UploadNameSchema,
  size: FileSizeSchema,
  chunks: ChunkTotalSchema,
  chunk: ChunkIndexSchema,
  uid: UidSchema,
  serverid: ServerIdSchema,
});
export type BlockUploadCheckBody = Static<typeof BlockUploadCheckBodySchema>;

/** DESIGN.md §7: `data.data` is true when that chunk is stored and whole. */
export const BlockUploadCheckDataSchema = Type.Object({ data: Type.Boolean() });
export type BlockUploadCheckData = Static<typeof BlockUploadCheckDataSchema>;

/**
 * Spec §3 upload payload, the text fields of a chunk upload (the `file` part carries the bytes):
 * `size` is this chunk's byte length and `fullSize` the file's (DESIGN.md §7).
 */
export const ChunkUploadFieldsSchema = Type.Object({
  md5: Md5Schema,
  name: UploadNameSchema,
  chunk: ChunkIndexSchema,
  chunks: ChunkTotalSchema,
  size: Type.Integer({ minimum: 1, maximum: UPLOAD_MAX_CHUNK_BYTES }),
  fullSize: FileSizeSchema,
  eachSize: Type.Optional(Type.Integer({ minimum: 1, maximum: UPLOAD_MAX_CHUNK_BYTES })),
  fileName: Type.Optional(UploadNameSchema),
  chunked: Type.Optional(Type.Boolean()),
  uid: UidSchema,
  serverid: ServerIdSchema,
});
export type ChunkUploadFields = Static<typeof ChunkUploadFieldsSchema>;

/** What a stored chunk answers: its number and the bytes kept. */
export const ChunkUploadDataSchema = Type.Object({
  chunk: Type.Integer({ minimum: 0 }),
  size: Type.Integer({ minimum: 0 }),
});
export type ChunkUploadData = Static<typeof ChunkUploadDataSchema>;

/** Spec §7 `merge_file`: the whole file's size and chunk count, verified against the chunks. */
export const MergeFileBodySchema = Type.Object({
  md5: Md5Schema,
  name: UploadNameSchema,
  size: FileSizeSchema,
  chunks: ChunkTotalSchema,
  uid: UidSchema,
  serverid: ServerIdSchema,
});
export type MergeFileBody = Static<typeof MergeFileBodySchema>;

/** Spec §7 simple upload, the text fields beside the `file` part (md5 checked when given). */
export const SimpleUploadFieldsSchema = Type.Object({
  serverid: ServerIdSchema,
  uid: UidSchema,
  md5: Type.Optional(Md5Schema),
});
export type SimpleUploadFields = Static<typeof SimpleUploadFieldsSchema>;

/** The largest decoded image the base64 call takes: 10 MiB (a phone photo before resizing). */
export const BASE64_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Spec §3 base64 image upload payload: `fileName` without its extension, `base64Str` without
 * the `data:` prefix, `type` the extension.
 */
export const Base64ImageBodySchema = Type.Object({
  fileName: Line({ minLength: 1, maxLength: FILE_NAME_MAX_LENGTH }),
  base64Str: Type.String({
    minLength: 1,
    maxLength: Math.ceil(BASE64_IMAGE_MAX_BYTES / 3) * 4,
    pattern: '^[A-Za-z0-9+/]+={0,2}$',
  }),
  type: Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Za-z0-9]{1,10}$' }),
  serverid: ServerIdSchema,
});
export type Base64ImageBody = Static<typeof Base64ImageBodySchema>;

export const FileIdParamsSchema = Type.Object({ fileId: IdSchema });
export type FileIdParams = Static<typeof FileIdParamsSchema>;

/**
 * Spec §3 directory tree node: a folder picked for upload shown as a tree. `id` is the node's
 * path inside the folder, `parentId` its parent's (null at the top); `fileId` once uploaded.
 */
export const DirectoryTreeNodeSchema = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  type: Type.Union([Type.Literal('file'), Type.Literal('directory')]),
  parentId: Type.Union([Type.String(), Type.Null()]),
  level: Type.Optional(Type.Integer({ minimum: 0 })),
  expend: Type.Optional(Type.Boolean()),
  fileId: Type.Optional(IdSchema),
});
export type DirectoryTreeNode = Static<typeof DirectoryTreeNodeSchema>;

/** The multipart transport limit of one request: the largest chunk plus room for its fields. */
export const MULTIPART_BODY_LIMIT = UPLOAD_MAX_CHUNK_BYTES + 64 * 1024;

/** Spec §7 storage calls (DESIGN.md §7 answers). Business refusals are HTTP 200 + status. */
export const uploadEndpoints = {
  secondUploadCheck: defineEndpoint({
    method: 'POST',
    path: '/api/storage/file_piecewise/second_upload_check',
    tag: 'storage',
    access: 'session',
    summary:
      "Instant upload (spec §4): the caller's unit holds this md5 → a new descriptor, else null",
    body: SecondUploadCheckBodySchema,
    data: Type.Union([FileDescriptorSchema, Type.Null()]),
  }),
  simpleUpload: defineEndpoint({
    method: 'POST',
    path: '/zuul/api/storage/upload',
    tag: 'storage',
    access: 'session',
    summary: 'Simple upload of a whole file (spec §7), multipart serverid, file, uid, md5',
    body: SimpleUploadFieldsSchema,
    data: FileDescriptorSchema,
    multipart: true,
  }),
  blockUploadCheck: defineEndpoint({
    method: 'POST',
    path: '/api/storage/file_piecewise/block_upload_check',
    tag: 'storage',
    access: 'session',
    summary: 'Is this chunk stored and whole? (spec §4 chunked upload, chunks from 0)',
    body: BlockUploadCheckBodySchema,
    data: BlockUploadCheckDataSchema,
  }),
  chunkUpload: defineEndpoint({
    method: 'POST',
    path: '/zuul/api/storage/file_piecewise/upload',
    tag: 'storage',
    access: 'session',
    summary: 'One chunk of a chunked upload (spec §3 upload payload), multipart',
    body: ChunkUploadFieldsSchema,
    data: ChunkUploadDataSchema,
    multipart: true,
  }),
  mergeFile: defineEndpoint({
    method: 'POST',
    path: '/api/storage/file_piecewise/merge_file',
    tag: 'storage',
    access: 'session',
    summary: 'Merge the chunks, verified against md5 and size (spec §4, DESIGN.md §7)',
    body: MergeFileBodySchema,
    data: FileDescriptorSchema,
  }),
  base64Image: defineEndpoint({
    method: 'POST',
    path: '/api/storage/upload/base64_convert_image',
    tag: 'storage',
    access: 'session',
    summary: 'Image upload as base64 (spec §3 base64 payload), e.g. the face photo',
    body: Base64ImageBodySchema,
    data: FileDescriptorSchema,
    bodyLimit: Math.ceil(BASE64_IMAGE_MAX_BYTES / 3) * 4 + 64 * 1024,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/storage/file/:fileId',
    tag: 'storage',
    access: 'session',
    summary:
      'Download a file its reader may read (DESIGN.md §7); answers the bytes (RFC 6266 name)',
    params: FileIdParamsSchema,
  }),
} as const;

/**
 * The address that downloads a file (the descriptor's `url`).
 *
 * @example fileDownloadUrl('f-1') // '/api/storage/file/f-1'
 */
export function fileDownloadUrl(fileId: string): string {
  return endpointPath(uploadEndpoints.download, { fileId });
}

/**
 * The public image endpoints. Neither needs a session (the logo shows on the login page before
 * sign-in); both answer the image itself, not the envelope, and 404 with the envelope.
 */
export const storageEndpoints = {
  unitLogo: defineEndpoint({
    method: 'GET',
    path: '/api/storage/show/unit/:unitId',
    tag: 'storage',
    access: 'public',
    summary: 'Unit logo (spec §7), shown on the login page before sign-in',
    params: UnitLogoParamsSchema,
  }),
  appIcon: defineEndpoint({
    method: 'GET',
    path: '/api/storage/app-icon/:code/:variant',
    tag: 'storage',
    access: 'public',
    summary: 'App icon drawn for a theme variant (spec §3: gray, colour, cartoon)',
    params: AppIconParamsSchema,
  }),
} as const;

/**
 * The address of a unit's logo.
 *
 * @example unitLogoUrl('demo-unit-sunshine') // '/api/storage/show/unit/demo-unit-sunshine'
 */
export function unitLogoUrl(unitId: string): string {
  return endpointPath(storageEndpoints.unitLogo, { unitId });
}

/**
 * The address of one app icon.
 *
 * @example appIconUrl('cms', 'color') // '/api/storage/app-icon/cms/color'
 */
export function appIconUrl(code: string, variant: AppIconVariant): string {
  return endpointPath(storageEndpoints.appIcon, { code, variant });
}

/**
 * Which icon set a portal theme shows: the stage (cartoon) theme gets cartoon icons, the
 * classic ink and lotus themes the quiet gray set, and plain colour themes the colour set.
 */
export function iconVariantForTheme(theme: string | null | undefined): AppIconVariant {
  if (theme === 'cartoon') return 'cartoon';
  if (theme === 'ink' || theme === 'lotus') return 'gray';
  return 'color';
}
