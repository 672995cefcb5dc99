/**
 * A folder picked for upload shown as a tree (spec §3 directory tree node: fileName, type,
 * parentId; level and expend when requested), built from the files' `webkitRelativePath`
 * (`class/photos/a.jpg`). A view of what the user picked, not a rule the server applies, so it
 * lives in the SDK. Pure: the same files give the same nodes.
 */
import type { DirectoryTreeNode } from '@campus/contracts/storage';

export type { DirectoryTreeNode } from '@campus/contracts/storage';

/** A picked file as far as the tree goes (a File has both). */
export interface RelativeFile {
  name: string;
  webkitRelativePath?: string;
}

export interface DirectoryTreeOptions {
  /** Add `level` (0 at the top) and `expend` to every node (spec §3 "when requested"). */
  levels?: boolean;
  /** The `expend` given to directories when `levels` is on (files get false). */
  expanded?: boolean;
}

/**
 * The path segments of a picked file: its relative path, else its name; empty, `.` and `..`
 * segments dropped, so no node can climb out of the picked folder.
 */
export function relativePathOf(file: RelativeFile): string[] {
  const path = file.webkitRelativePath || file.name;
  return path.split(/[/\\]/).filter((part) => part !== '' && part !== '.' && part !== '..');
}

/** The node id of a picked file (its cleaned relative path), to pair a file with its node. */
export function directoryNodeId(file: RelativeFile): string {
  return relativePathOf(file).join('/');
}

interface Branch {
  directories: Map<string, Branch>;
  files: Set<string>;
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/**
 * The tree of the picked files, depth first: each directory before what it holds, directories
 * before files, names in natural order. A path picked twice gives one node.
 *
 * @example
 * buildDirectoryTree([{ name: 'a.jpg', webkitRelativePath: 'class/a.jpg' }], { levels: true });
 * // [{ id: 'class', fileName: 'class', type: 'directory', parentId: null, level: 0, expend: false },
 * //  { id: 'class/a.jpg', fileName: 'a.jpg', type: 'file', parentId: 'class', level: 1, expend: false }]
 */
export function buildDirectoryTree(
  files: Iterable<RelativeFile>,
  options: DirectoryTreeOptions = {},
): DirectoryTreeNode[] {
  const root: Branch = { directories: new Map(), files: new Set() };
  for (const file of files) {
    const parts = relativePathOf(file);
    const name = parts.pop();
    if (name === undefined) continue;
    let branch = root;
    for (const part of parts) {
      let next = branch.directories.get(part);
      if (!next) {
        next = { directories: new Map(), files: new Set() };
        branch.directories.set(part, next);
      }
      branch = next;
    }
    branch.files.add(name);
  }
  const nodes: DirectoryTreeNode[] = [];
  const add = (
    fileName: string,
    type: DirectoryTreeNode['type'],
    parentId: string | null,
    level: number,
  ): string => {
    const id = parentId === null ? fileName : `${parentId}/${fileName}`;
    const node: DirectoryTreeNode = { id, fileName, type, parentId };
    if (options.levels) {
      node.level = level;
      node.expend = type === 'directory' && (options.expanded ?? false);
    }
    nodes.push(node);
    return id;
  };
  const walk = (branch: Branch, parentId: string | null, level: number): void => {
    for (const name of [...branch.directories.keys()].sort(byName)) {
      const id = add(name, 'directory', parentId, level);
      walk(branch.directories.get(name) as Branch, id, level + 1);
    }
    for (const name of [...branch.files].sort(byName)) {
      // A file and a directory of the same name (a.txt picked alone and a.txt/ as a folder)
      // cannot share an id.
      if (!branch.directories.has(name)) add(name, 'file', parentId, level);
    }
  };
  walk(root, null, 0);
  return nodes;
}
