/**
 * Deploying a sub-app build from the console (issue 13 §2, DESIGN.md §2): a zip of the build's
 * `pages/` folder, as `apps/cms` builds it (`{code}/manifest.json`, `{code}/package.json`, the
 * page folders and hashed assets, optionally `{code}-version/version.json`), is
 *
 * 1. received as a stream into a temporary file, at most `zipBytes` (a zip is read from its end,
 *    so it must be whole on disk before it can be opened);
 * 2. read with yauzl (docs/decisions.md): every entry checked before any byte is written: no
 *    absolute path, no `..`, no backslash (zip-slip), no link or device (only files and
 *    folders), not encrypted, at most `entries` entries and `unpackedBytes` bytes as declared
 *    (and yauzl holds each entry to its declared size while it inflates), only the app's own
 *    top-level folders;
 * 3. extracted into a staging folder inside PAGES_DIR (a dot folder, which the static serving
 *    never answers), then checked as the sub-app loader reads it: the manifest maps
 *    `{fileId}.js`/`.css` to same-site paths of files that are in the build (spec §3,
 *    `packages/sdk/src/app/subapp-loader.ts`), every page the manifest names has its
 *    `index.html` (spec §2), package.json names the app with its versions (spec §3, §7);
 * 4. swapped in without a restart: the served folder is renamed aside and the staged one renamed
 *    into its place (two renames on one file system: the folder is never half written), the old
 *    build's hashed assets are kept beside the new ones as `scripts/deploy-subapps.mjs` keeps
 *    them, so a page opened before the deploy still loads its chunks, and the old folder removed.
 *
 * The server serves `/pages/` from PAGES_DIR at request time (subapps.routes.ts), so the new
 * build answers the next request. Instances that serve the same portal must share PAGES_DIR.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { FieldError } from '@campus/contracts/envelope';
import { AppError, badRequest } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import { dateText, versionText } from './app-rules.ts';

export interface DeployLimits {
  /** The largest zip accepted, in bytes. */
  zipBytes: number;
  /** The most bytes its files may unpack to, as declared and as inflated. */
  unpackedBytes: number;
  /** The most entries (files and folders) it may hold. */
  entries: number;
}

export const DEFAULT_DEPLOY_LIMITS: DeployLimits = {
  zipBytes: 64 * 1024 * 1024,
  unpackedBytes: 256 * 1024 * 1024,
  entries: 10_000,
};

/** A build unpacked and checked, waiting to be swapped in. */
export interface StagedBuild {
  code: string;
  /** The staging folder inside PAGES_DIR. */
  dir: string;
  /** The top-level folders it replaces: `{code}` and, when the zip has it, `{code}-version`. */
  folders: string[];
  files: number;
  bytes: number;
  appVersion: string;
  pages: string[];
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

function refused(zh: string, en: string): AppError {
  const error: FieldError = { field: 'file', message: bilingual(zh, en) };
  return badRequest([error]);
}

export const zipTooLarge = (limit: number) =>
  refused(
    `安装包不能超过 ${formatBytes(limit)}`,
    `The build's zip must be at most ${formatBytes(limit)}`,
  );

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MiB`
    : `${Math.ceil(bytes / 1024)} KiB`;
}

export class SubappDeployer {
  /** Codes being deployed right now: one deploy of an app at a time. */
  private readonly busy = new Set<string>();

  constructor(
    private readonly pagesDir: string,
    readonly limits: DeployLimits = DEFAULT_DEPLOY_LIMITS,
  ) {}

  /** Whether a build of the app is deployed: `{folder}/manifest.json` under PAGES_DIR. */
  installed(folder: string): boolean {
    return fs.existsSync(path.join(this.pagesDir, folder, 'manifest.json'));
  }

  /**
   * Receives, unpacks and checks a build of `code` (400 with a field error on `file` for any
   * refusal); the caller swaps it in with {@link activate} and always {@link discard}s it.
   */
  async stage(code: string, upload: Readable): Promise<StagedBuild> {
    if (this.busy.has(code)) {
      upload.resume();
      throw refused(
        `应用 ${code} 正在部署中，请稍后再试`,
        `A build of ${code} is being deployed; try again shortly`,
      );
    }
    this.busy.add(code);
    const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'campus-deploy-'));
    await fs.promises.mkdir(this.pagesDir, { recursive: true });
    const dir = path.join(this.pagesDir, `.deploy-${code}-${randomBytes(6).toString('hex')}`);
    try {
      const zipPath = path.join(scratch, 'build.zip');
      await this.receive(upload, zipPath);
      await fs.promises.mkdir(dir);
      const { files, bytes, folders } = await this.unpack(zipPath, code, dir);
      const { appVersion, pages } = await checkBuild(dir, code);
      return { code, dir, folders, files, bytes, appVersion, pages };
    } catch (error) {
      await fs.promises.rm(dir, { recursive: true, force: true });
      this.busy.delete(code);
      throw error;
    } finally {
      await fs.promises.rm(scratch, { recursive: true, force: true });
    }
  }

  /** Swaps the staged folders in place of the served ones (see the file's comment, step 4). */
  async activate(staged: StagedBuild): Promise<void> {
    for (const folder of staged.folders) {
      const target = path.join(this.pagesDir, folder);
      const fresh = path.join(staged.dir, folder);
      const aside = path.join(staged.dir, `.old-${folder}`);
      const current = await fs.promises.lstat(target).catch(() => null);
      if (current?.isDirectory()) {
        await keepOldAssets(path.join(target, 'assets'), path.join(fresh, 'assets'));
      }
      if (current) await fs.promises.rename(target, aside);
      try {
        await fs.promises.rename(fresh, target);
      } catch (error) {
        if (current) await fs.promises.rename(aside, target).catch(() => undefined);
        throw error;
      }
    }
  }

  /** Removes the staging folder (and the replaced builds moved into it) and frees the app. */
  async discard(staged: StagedBuild): Promise<void> {
    try {
      await fs.promises.rm(staged.dir, { recursive: true, force: true });
    } finally {
      this.busy.delete(staged.code);
    }
  }

  /** Streams the upload to `file`, refusing it once it passes the zip limit. */
  private async receive(upload: Readable, file: string): Promise<void> {
    let received = 0;
    const limit = this.limits.zipBytes;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > limit) done(zipTooLarge(limit));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(upload, counter, fs.createWriteStream(file, { flags: 'wx' }));
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The multipart reader cut the part at its own limit, just past ours.
      if (received >= limit || (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw zipTooLarge(limit);
      }
      throw error;
    }
    if (received === 0) throw refused('安装包为空', "The build's zip is empty");
  }

  /** Checks every entry, then writes the app's files into `dir`. */
  private async unpack(
    zipPath: string,
    code: string,
    dir: string,
  ): Promise<{ files: number; bytes: number; folders: string[] }> {
    let zip: ZipFile;
    try {
      zip = await yauzl.openPromise(zipPath, {
        lazyEntries: true,
        autoClose: false,
        strictFileNames: true,
        validateEntrySizes: true,
      });
    } catch (error) {
      throw unreadable(error);
    }
    try {
      if (zip.entryCount > this.limits.entries) {
        throw refused(
          `安装包的文件过多（至多 ${this.limits.entries} 个）`,
          `The zip holds too many entries (at most ${this.limits.entries})`,
        );
      }
      const entries: Entry[] = [];
      try {
        for await (const entry of zip.eachEntry()) entries.push(entry);
      } catch (error) {
        throw unreadable(error);
      }
      const plan = planEntries(entries, code, this.limits);
      for (const { entry, relative } of plan.files) {
        const target = path.join(dir, ...relative.split('/'));
        // The checks above already keep every path inside; this is the last word on it.
        if (!target.startsWith(dir + path.sep)) throw unsafePath(entry.fileName);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        let stream: Readable;
        try {
          stream = await zip.openReadStreamPromise(entry);
          await pipeline(stream, fs.createWriteStream(target, { flags: 'wx' }));
        } catch (error) {
          throw unreadable(error);
        }
      }
      return { files: plan.files.length, bytes: plan.bytes, folders: plan.folders };
    } finally {
      zip.close();
    }
  }
}

/** What the checks of every entry leave to extract. */
interface EntryPlan {
  files: { entry: Entry; relative: string }[];
  bytes: number;
  folders: string[];
}

/** Names a Mac's or Windows' zip tool adds that no build needs: never served, so left out. */
function isClutter(segments: readonly string[]): boolean {
  return segments[0] === '__MACOSX' || segments.some((s) => s.startsWith('.'));
}

/**
 * Checks every entry of the zip (step 2 of the file's comment) and answers the files to write,
 * each by its path under the staging folder. A zip of the `pages/` folder itself (every entry
 * under `pages/`) is read as the folder's content.
 */
export function planEntries(
  entries: readonly Entry[],
  code: string,
  limits: DeployLimits,
): EntryPlan {
  const allowed = new Set([code, `${code}-version`]);
  const names = entries.map((e) => e.fileName);
  const meaningful = names.filter((n) => !isClutter(n.split('/')));
  const prefixed = meaningful.length > 0 && meaningful.every((n) => n.startsWith('pages/'));
  const files: EntryPlan['files'] = [];
  const folders = new Set<string>();
  const seen = new Set<string>();
  let bytes = 0;
  for (const entry of entries) {
    const name = entry.fileName;
    const segments = name.split('/');
    if (!safeSegments(segments)) throw unsafePath(name);
    const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
    if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
      throw refused(
        `安装包不能包含链接或特殊文件：${name}`,
        `The zip must not hold links or special files: ${name}`,
      );
    }
    if (entry.isEncrypted()) {
      throw refused(`安装包不能加密：${name}`, `The zip must not be encrypted: ${name}`);
    }
    if (isClutter(segments)) continue;
    const inner = prefixed ? segments.slice(1) : segments;
    const isFolder = name.endsWith('/');
    const parts = isFolder ? inner.slice(0, -1) : inner;
    if (parts.length === 0) continue;
    const top = parts[0] ?? '';
    if (!allowed.has(top) || (!isFolder && parts.length === 1)) {
      throw refused(
        `安装包只能包含 ${code}/ 与 ${code}-version/ 两个文件夹，发现：${name}`,
        `The zip may hold only the folders ${code}/ and ${code}-version/; found: ${name}`,
      );
    }
    folders.add(top);
    if (isFolder) continue;
    const relative = parts.join('/');
    const key = relative.toLowerCase();
    // Two names one file system would store as one file (case-insensitive ones included).
    if (seen.has(key)) {
      throw refused(`安装包中有重复的文件：${name}`, `The zip holds the same file twice: ${name}`);
    }
    seen.add(key);
    bytes += entry.uncompressedSize;
    if (bytes > limits.unpackedBytes) {
      throw refused(
        `安装包解压后不能超过 ${formatBytes(limits.unpackedBytes)}`,
        `The build must unpack to at most ${formatBytes(limits.unpackedBytes)}`,
      );
    }
    files.push({ entry, relative });
  }
  if (!folders.has(code)) {
    throw refused(
      `安装包中没有 ${code}/ 文件夹（应为构建后的 pages/ 文件夹的压缩包）`,
      `The zip has no ${code}/ folder (it should be a zip of the build's pages/ folder)`,
    );
  }
  return { files, bytes, folders: [...folders].sort() };
}

/** Plain relative segments only: no empty one inside, no `.`, `..`, `\`, drive or control. */
function safeSegments(segments: readonly string[]): boolean {
  if (segments.join('/').length > 1024) return false;
  return segments.every((segment, i) => {
    if (segment === '') return i === segments.length - 1 && i > 0;
    if (segment === '.' || segment === '..' || segment.length > 255) return false;
    // eslint-disable-next-line no-control-regex -- control characters are what is refused
    return !/[\\:\u0000-\u001f\u007f]/.test(segment);
  });
}

const unsafePath = (name: string) =>
  refused(
    `安装包中有不安全的路径：${name}`,
    `The zip holds an unsafe path (absolute, with .. or \\): ${name}`,
  );

/** yauzl's refusals: its path checks (zip-slip) get their own words, the rest is "damaged". */
function unreadable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const match =
    /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(message);
  if (match) return unsafePath(match[1] ?? '');
  return refused(
    `安装包不是有效的 zip 文件，或已损坏（${message}）`,
    `The file is not a valid zip, or it is damaged (${message})`,
  );
}

/**
 * Checks the unpacked build as the sub-app loader and the version checks read it (step 3 of
 * the file's comment); answers package.json's appVersion and the pages the manifest names.
 */
export async function checkBuild(
  dir: string,
  code: string,
): Promise<{ appVersion: string; pages: string[] }> {
  const root = path.join(dir, code);
  const manifest = await readJson(path.join(root, 'manifest.json'), `${code}/manifest.json`);
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) {
    throw refused(
      `${code}/manifest.json 须为 JSON 对象`,
      `${code}/manifest.json must be a JSON object`,
    );
  }
  const pages: string[] = [];
  const prefix = `/pages/${code}/`;
  for (const [key, value] of Object.entries(manifest as Record<string, unknown>)) {
    const match = /^([A-Za-z0-9_-]+)\.(js|css)$/.exec(key);
    if (!match) {
      throw refused(
        `manifest.json 的键须为 {fileId}.js 或 {fileId}.css：${key}`,
        `The manifest's keys must be {fileId}.js or {fileId}.css: ${key}`,
      );
    }
    const asset = typeof value === 'string' ? value : '';
    const relative = asset.slice(prefix.length);
    const inside =
      asset.startsWith(prefix) &&
      relative !== '' &&
      relative.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && !s.includes('\\'));
    if (!inside || !(await isFile(path.join(root, ...relative.split('/'))))) {
      throw refused(
        `manifest.json 的 ${key} 须指向构建中的文件（${prefix}…）：${asset}`,
        `The manifest's ${key} must point at a file of the build (${prefix}…): ${asset}`,
      );
    }
    if (match[2] === 'js') pages.push(match[1] ?? '');
  }
  if (!pages.some((p) => p.startsWith(`pc_${code}_`))) {
    throw refused(
      `manifest.json 中没有 pc_${code}_… 页面的脚本`,
      `The manifest names no script of a pc_${code}_… page`,
    );
  }
  for (const page of pages.filter((p) => /^(pc|mobile)_/.test(p))) {
    if (!(await isFile(path.join(root, page, 'index.html')))) {
      throw refused(
        `缺少页面 ${code}/${page}/index.html`,
        `The page ${code}/${page}/index.html is missing`,
      );
    }
  }

  const pkg = await readJson(path.join(root, 'package.json'), `${code}/package.json`);
  const info = (typeof pkg === 'object' && pkg !== null ? pkg : {}) as Record<string, unknown>;
  const appVersion = typeof info.appVersion === 'string' ? versionText(info.appVersion) : null;
  const serverVersion =
    typeof info.serverVersion === 'string' ? versionText(info.serverVersion) : null;
  const packageDate = typeof info.packageDate === 'string' ? dateText(info.packageDate) : null;
  if (info.name !== code || !appVersion || !serverVersion || !packageDate) {
    throw refused(
      `${code}/package.json 须含 name（${code}）、appVersion、serverVersion 与 packageDate（YYYY-MM-DD）`,
      `${code}/package.json must have name ("${code}"), appVersion, serverVersion and packageDate (YYYY-MM-DD)`,
    );
  }

  const versionFile = path.join(dir, `${code}-version`, 'version.json');
  if (await isFile(versionFile)) {
    const releases = await readJson(versionFile, `${code}-version/version.json`);
    const valid =
      Array.isArray(releases) &&
      releases.every(
        (r) =>
          typeof r === 'object' &&
          r !== null &&
          typeof (r as { version?: unknown }).version === 'string',
      );
    if (!valid) {
      throw refused(
        `${code}-version/version.json 须为版本记录的数组`,
        `${code}-version/version.json must be an array of version records`,
      );
    }
  }
  return { appVersion, pages };
}

async function readJson(file: string, name: string): Promise<unknown> {
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch {
    throw refused(`安装包中缺少 ${name}`, `The build has no ${name}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw refused(`${name} 不是有效的 JSON`, `${name} is not valid JSON`);
  }
}

async function isFile(file: string): Promise<boolean> {
  const stat = await fs.promises.lstat(file).catch(() => null);
  return stat?.isFile() ?? false;
}

/** Copies the old build's assets the new one lacks (plain files only), keeping the new ones. */
async function keepOldAssets(from: string, to: string): Promise<void> {
  const names = await fs.promises.readdir(from, { withFileTypes: true }).catch(() => []);
  if (names.length === 0) return;
  await fs.promises.mkdir(to, { recursive: true });
  for (const entry of names) {
    if (!entry.isFile()) continue;
    await fs.promises
      .copyFile(path.join(from, entry.name), path.join(to, entry.name), fs.constants.COPYFILE_EXCL)
      .catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
  }
}
