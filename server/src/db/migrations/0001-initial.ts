import type { Kysely } from 'kysely';

// Portable DDL only: text ids, bigint epoch-ms times, integer flags (see schema.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('units')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('en_name', 'text')
    .addColumn('unit_type', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('parent_id', 'text')
    .addColumn('hosts', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('logo_file_id', 'text')
    .addColumn('footer', 'text')
    .addColumn('footer_link', 'text')
    .addColumn('help_center', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('autologin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('decoration_set', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
    .addColumn('login_name', 'text', (c) => c.notNull().unique())
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('user_type', 'integer', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('sex', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avatar', 'text')
    .addColumn('superman', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('theme', 'text')
    .addColumn('theme_color', 'text')
    .addColumn('current_layout', 'text')
    .addColumn('lang_type', 'text')
    .addColumn('current_child_id', 'text')
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_failed_at', 'bigint')
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_links')
    .addColumn('teacher_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('parent_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_links_pk', ['teacher_id', 'parent_id'])
    .execute();

  await db.schema
    .createTable('students')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('grade_name', 'text', (c) => c.notNull())
    .addColumn('class_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('parent_children')
    .addColumn('parent_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('parent_children_pk', ['parent_id', 'student_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('access_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('access_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('device', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_family_idx').on('sessions').column('family_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('refresh_tokens_family_idx')
    .on('refresh_tokens')
    .column('family_id')
    .execute();

  await db.schema
    .createTable('device_credentials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('device_id', 'text')
    .addColumn('family_id', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('unit_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema
    .createIndex('audit_log_user_idx')
    .on('audit_log')
    .columns(['user_id', 'at'])
    .execute();

  await db.schema
    .createTable('ip_failures')
    .addColumn('ip', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('app_code', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'app_code', 'role'])
    .execute();

  await db.schema
    .createTable('app_groups')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('en_name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('apps')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('group_code', 'text', (c) => c.notNull().references('app_groups.code'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull())
    .addColumn('english_name', 'text', (c) => c.notNull())
    .addColumn('english_short_name', 'text', (c) => c.notNull())
    .addColumn('server_id', 'text', (c) => c.notNull())
    .addColumn('deploy_path', 'text')
    .addColumn('update_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('menu_route', 'text')
    .addColumn('front_user_type', 'text', (c) => c.notNull())
    .addColumn('limit_user_type', 'text', (c) => c.notNull())
    .addColumn('icon_color', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('message_meno', 'text', (c) => c.notNull())
    .addColumn('module', 'text', (c) => c.notNull())
    .addColumn('message_date', 'bigint', (c) => c.notNull())
    .addColumn('importance', 'integer', (c) => c.notNull())
    .addColumn('open_way', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('url', 'text')
    .addColumn('content', 'text')
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('messages_user_idx')
    .on('messages')
    .columns(['user_id', 'read_at'])
    .execute();

  await db.schema
    .createTable('todos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('module', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .execute();

  await db.schema
    .createTable('licences')
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
    .addColumn('app_code', 'text', (c) => c.notNull().references('apps.code'))
    .addColumn('end_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('licences_pk', ['unit_id', 'app_code'])
    .execute();

  await db.schema
    .createTable('app_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('app_code', 'text', (c) => c.notNull().references('apps.code'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('metto', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oauth_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'files',
    'oauth_clients',
    'app_versions',
    'licences',
    'todos',
    'messages',
    'apps',
    'app_groups',
    'user_roles',
    'ip_failures',
    'audit_log',
    'device_credentials',
    'refresh_tokens',
    'sessions',
    'parent_children',
    'students',
    'user_links',
    'users',
    'units',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
