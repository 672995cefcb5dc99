/**
 * The console's face administration (issue 14 §2 Clock-in, Rights, Privacy; DESIGN.md §9, §10):
 * who has enrolled in a unit, deleting a user's face data (the photo in the file store and the
 * descriptor), the attendance and its .xlsx (through the table export of DESIGN.md §7), and
 * bulk enrolment from a .zip of photos named by login, each photo through the same enrolment as
 * `face/check` (face.service.ts `enrolPhoto`). Every call first checks that the caller
 * administers the unit it names (AdminAccess); a user it names must belong to that unit.
 * Changes and exports are audited.
 */
import type { AdminUnit } from '@campus/contracts/admin';
import {
  FACE_ATTENDANCE_EXPORT_MAX_ROWS,
  FACE_BULK_EXTENSIONS,
  FACE_BULK_MAX_BYTES,
  FACE_BULK_MAX_PHOTOS,
  FACE_IMAGE_MAX_BYTES,
  type FaceAttendanceExportQuery,
  type FaceAttendancePage,
  type FaceAttendanceQuery,
  type FaceBulkOutcome,
  type FaceBulkResult,
  type FaceDeletion,
  type FaceEnrolledPage,
  type FaceEnrolledQuery,
} from '@campus/contracts/face';
import { badRequest, notFound } from '../../core/errors.ts';
import { bilingual } from '../../core/messages.ts';
import type { AdminAccess } from '../admin/admin-access.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ExportService, PreparedExport } from '../export/export.service.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { RequestMeta, SessionUser } from '../uaa/session.service.ts';
import type { UaaRepository } from '../uaa/uaa.repository.ts';
import { readZipEntries } from './face-zip.ts';
import type { AttendanceFilter, AttendanceListed, FaceRepository } from './face.repository.ts';
import type { EnrolmentProblem, FaceService } from './face.service.ts';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

const DEFAULT_PAGE_SIZE = 20;
/** What a bulk .zip may inflate to in all: every photo at its largest would be more. */
const BULK_MAX_INFLATED = 2 * FACE_BULK_MAX_BYTES;

export interface FaceAdminDeps {
  access: Pick<AdminAccess, 'assertManages'>;
  repository: FaceRepository;
  files: Pick<FileStore, 'remove'>;
  face: Pick<FaceService, 'enrolPhoto' | 'forgetGallery'>;
  uaa: Pick<UaaRepository, 'findUserById' | 'findUserByLoginName'>;
  audit: AuditService;
  exports: Pick<ExportService, 'prepare'>;
}

/** An uploaded bulk .zip. */
export interface BulkUpload {
  fileName: string;
  bytes: Buffer;
}

const USER_NOT_IN_UNIT = bilingual('该单位没有这个用户', 'No such user in this unit');

const refuseZip = (zh: string, en: string) =>
  badRequest([{ field: 'file', message: bilingual(zh, en) }]);

/** Each enrolment problem as a bulk outcome (a pixel bomb is "too large" to an administrator). */
const PROBLEM_OUTCOME: Record<EnrolmentProblem, FaceBulkOutcome> = {
  'no-face': 'no-face',
  'several-faces': 'several-faces',
  'face-too-small': 'face-too-small',
  'not-an-image': 'not-an-image',
  empty: 'not-an-image',
  'not-base64': 'not-an-image',
  'too-large': 'too-large',
  'too-many-pixels': 'too-large',
};

/** The attendance sheet's words, in the viewer's language (the module's dictionaries). */
const SHEET_WORDS = Object.fromEntries(
  (
    [
      ['zh-CN', zhCN],
      ['en', en],
    ] as const
  ).map(([lang, { attendanceSheet: w }]) => [
    lang,
    { title: w.title, headers: [w.login, w.name, w.clockedAt, w.device] },
  ]),
) as Record<'zh-CN' | 'en', { title: string; headers: string[] }>;

export class FaceAdminService {
  constructor(private readonly deps: FaceAdminDeps) {}

  /** The unit a call acts in, once the caller is known to administer it (403 otherwise). */
  unitFor(user: SessionUser, unitId: string): Promise<AdminUnit> {
    return this.deps.access.assertManages(user, unitId);
  }

  async enrolled(user: SessionUser, query: FaceEnrolledQuery): Promise<FaceEnrolledPage> {
    const unit = await this.unitFor(user, query.unitId);
    const page = query.page ?? 1;
    const size = query.size ?? DEFAULT_PAGE_SIZE;
    const text = query.q?.trim();
    const { total, rows } = await this.deps.repository.listEnrolled({
      unitId: unit.unitId,
      ...(text ? { text } : {}),
      offset: (page - 1) * size,
      limit: size,
    });
    return { total, page, size, items: rows };
  }

  /** Deletes a user's face data: the descriptor, then the photo in the file store. */
  async remove(
    user: SessionUser,
    unitId: string,
    userId: string,
    meta: RequestMeta,
  ): Promise<FaceDeletion> {
    const unit = await this.unitFor(user, unitId);
    const target = await this.deps.uaa.findUserById(userId);
    if (target?.unitId !== unit.unitId) throw notFound(USER_NOT_IN_UNIT);
    const removed = await this.deps.repository.deleteByUser(target.id);
    if (removed) {
      await this.deps.files.remove(removed.fileId);
      this.deps.face.forgetGallery(removed.unitId);
    }
    await this.deps.audit.record('face.delete', {
      userId: user.userId,
      unitId: unit.unitId,
      ip: meta.ip,
      detail: { target: target.id, removed: removed !== undefined },
    });
    return { userId: target.id, removed: removed !== undefined };
  }

  async attendance(user: SessionUser, query: FaceAttendanceQuery): Promise<FaceAttendancePage> {
    const unit = await this.unitFor(user, query.unitId);
    const page = query.page ?? 1;
    const size = query.size ?? DEFAULT_PAGE_SIZE;
    const { total, rows } = await this.deps.repository.searchAttendance(
      filterOf(unit.unitId, query),
      { offset: (page - 1) * size, limit: size },
    );
    return { total, page, size, items: rows.map(toAttendanceRow) };
  }

  /**
   * The filtered attendance as an .xlsx: the rows become an HTML table that the table export
   * (DESIGN.md §7) measures and writes, so the sheet looks like every other export.
   */
  async exportAttendance(
    user: SessionUser,
    query: FaceAttendanceExportQuery,
    meta: RequestMeta,
  ): Promise<PreparedExport> {
    const unit = await this.unitFor(user, query.unitId);
    const max = FACE_ATTENDANCE_EXPORT_MAX_ROWS;
    const { total, rows } = await this.deps.repository.searchAttendance(
      filterOf(unit.unitId, query),
      { offset: 0, limit: max },
    );
    if (total > max) {
      const count = max.toLocaleString('en-US');
      throw badRequest(
        [],
        bilingual(
          `考勤记录超过 ${count} 条，请缩小时间范围后再导出`,
          `More than ${count} attendance rows: narrow the time range and export again`,
        ),
      );
    }
    const words = SHEET_WORDS[query.lang ?? 'zh-CN'];
    const offsetMs = (query.utcOffset ?? 0) * 60_000;
    const html = [
      '<table><thead><tr>',
      ...words.headers.map((h) => `<th>${escapeHtml(h)}</th>`),
      '</tr></thead><tbody>',
      ...rows.map(
        (r) =>
          `<tr><td>${escapeHtml(r.loginName)}</td><td>${escapeHtml(r.realName)}</td>` +
          `<td>${formatTime(r.clockedAt + offsetMs)}</td><td>${escapeHtml(r.device ?? '')}</td></tr>`,
      ),
      '</tbody></table>',
    ].join('');
    const job = await this.deps.exports.prepare(`${words.title} ${unit.name}`, html);
    await this.deps.audit.record('face.export_attendance', {
      userId: user.userId,
      unitId: unit.unitId,
      ip: meta.ip,
      detail: { rows: total },
    });
    return job;
  }

  /**
   * Enrols every photo of the .zip whose name is a login of the unit, one at a time (the
   * models run one photo at a time anyway), and answers what became of each file.
   */
  async bulkEnrol(
    user: SessionUser,
    unit: AdminUnit,
    upload: BulkUpload,
    meta: RequestMeta,
  ): Promise<FaceBulkResult> {
    const read = await readZipEntries(upload.bytes, {
      maxBytes: BULK_MAX_INFLATED,
      maxEntryBytes: FACE_IMAGE_MAX_BYTES,
      maxEntries: FACE_BULK_MAX_PHOTOS,
    });
    if ('refusal' in read) {
      throw read.refusal === 'notZip'
        ? refuseZip(
            '请上传 .zip 压缩包（照片以登录名命名，如 teacher.jpg）',
            'Upload a .zip of photos named by login (such as teacher.jpg)',
          )
        : refuseZip('压缩包解压后过大', 'The .zip is too large once unpacked');
    }
    if (read.entries.length === 0) {
      throw refuseZip('压缩包中没有照片', 'The .zip holds no photos');
    }
    const files: FaceBulkResult['files'] = [];
    for (const entry of read.entries) {
      const { loginName, photo } = splitName(entry.name);
      const row = (outcome: FaceBulkOutcome, userId: string | null = null) =>
        files.push({ file: entry.name, loginName, outcome, userId });
      if (!photo) {
        row('not-a-photo');
        continue;
      }
      if (!entry.bytes) {
        row('too-large');
        continue;
      }
      const target = await this.deps.uaa.findUserByLoginName(loginName);
      if (!target) {
        row('unknown-login');
        continue;
      }
      if (target.unitId !== unit.unitId) {
        row('outside-unit');
        continue;
      }
      const outcome = await this.deps.face.enrolPhoto(
        user,
        target,
        entry.bytes.toString('base64'),
        meta,
        'bulk',
      );
      if ('problem' in outcome) row(PROBLEM_OUTCOME[outcome.problem], target.id);
      else row('enrolled', target.id);
    }
    for (const name of read.skippedOverLimit) {
      files.push({
        file: name,
        loginName: splitName(name).loginName,
        outcome: 'too-many-photos',
        userId: null,
      });
    }
    const enrolled = files.filter((f) => f.outcome === 'enrolled').length;
    await this.deps.audit.record('face.bulk_enrol', {
      userId: user.userId,
      unitId: unit.unitId,
      ip: meta.ip,
      detail: { file: upload.fileName, total: files.length, enrolled },
    });
    return { total: files.length, enrolled, files };
  }
}

function filterOf(
  unitId: string,
  query: Pick<FaceAttendanceQuery, 'user' | 'from' | 'to' | 'device'>,
): AttendanceFilter {
  const text = query.user?.trim();
  const device = query.device?.trim();
  return {
    unitId,
    ...(text ? { user: text } : {}),
    ...(query.from !== undefined ? { from: query.from } : {}),
    ...(query.to !== undefined ? { to: query.to } : {}),
    ...(device ? { device } : {}),
  };
}

function toAttendanceRow(row: AttendanceListed): FaceAttendancePage['items'][number] {
  return {
    attendanceId: row.id,
    userId: row.userId,
    loginName: row.loginName,
    realName: row.realName,
    clockedAt: row.clockedAt,
    device: row.device,
  };
}

/** `teacher.JPG` → the login `teacher`, a photo by its extension. */
function splitName(name: string): { loginName: string; photo: boolean } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { loginName: name, photo: false };
  const extension = name.slice(dot + 1).toLowerCase();
  return {
    loginName: name.slice(0, dot),
    photo: (FACE_BULK_EXTENSIONS as readonly string[]).includes(extension),
  };
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** `YYYY-MM-DD HH:mm:ss` of an instant already shifted to the viewer's offset. */
function formatTime(shiftedMs: number): string {
  return new Date(shiftedMs).toISOString().slice(0, 19).replace('T', ' ');
}
