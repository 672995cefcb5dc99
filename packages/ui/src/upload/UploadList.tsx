/**
 * The rows of the upload component: files picked on their own first, then each picked folder as
 * the spec §3 directory tree (the SDK's `buildDirectoryTree` over the files' relative paths): a
 * folder's name, and inside it, as a nested list, its sub-folders and its files' rows. Nested
 * lists, so assistive technology says which folder a file is in and how deep.
 */
import type { ReactNode } from 'react';
import {
  buildDirectoryTree,
  directoryNodeId,
  type DirectoryTreeNode,
} from '@campus/sdk/directory-tree';
import type { Language } from '@campus/sdk/language';
import type { UploadItem } from './upload-queue.ts';
import { UploadRow, type UploadRowProps } from './UploadRow.tsx';

export interface UploadListProps extends Omit<UploadRowProps, 'item' | 'name'> {
  items: readonly UploadItem[];
  lang: Language;
  label: string;
}

function FolderIcon() {
  return (
    <svg
      className="cp-upload__folder-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M10 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-8l-2-2z"
      />
    </svg>
  );
}

export function UploadList({ items, label, ...row }: UploadListProps) {
  const loose = items.filter((item) => item.relativePath === '');
  const inFolders = items.filter((item) => item.relativePath !== '');
  const nodes = buildDirectoryTree(
    inFolders.map((item) => ({ name: item.file.name, webkitRelativePath: item.relativePath })),
  );
  // A node's files (the same path picked twice is one node and two rows).
  const itemsOf = new Map<string, UploadItem[]>();
  for (const item of inFolders) {
    const id = directoryNodeId({ name: item.file.name, webkitRelativePath: item.relativePath });
    itemsOf.set(id, [...(itemsOf.get(id) ?? []), item]);
  }
  const children = new Map<string | null, DirectoryTreeNode[]>();
  for (const node of nodes)
    children.set(node.parentId, [...(children.get(node.parentId) ?? []), node]);

  const rowOf = (item: UploadItem, name: string) => (
    <UploadRow key={item.id} item={item} name={name} {...row} />
  );
  const render = (node: DirectoryTreeNode): ReactNode => {
    if (node.type === 'file') {
      return (itemsOf.get(node.id) ?? []).map((item) => rowOf(item, node.fileName));
    }
    return (
      <li key={node.id} className="cp-upload__folder" data-testid="upload.folder">
        <span className="cp-upload__folder-name" title={node.id}>
          <FolderIcon />
          <span data-testid="upload.folderName">{node.fileName}</span>
        </span>
        <ul className="cp-upload__list cp-upload__list--nested">
          {(children.get(node.id) ?? []).map(render)}
        </ul>
      </li>
    );
  };

  return (
    <ul className="cp-upload__list" aria-label={label} data-testid="upload.list">
      {loose.map((item) => rowOf(item, item.file.name))}
      {(children.get(null) ?? []).map(render)}
    </ul>
  );
}
