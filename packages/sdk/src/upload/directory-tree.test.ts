import { describe, expect, it } from 'vitest';
import { buildDirectoryTree, directoryNodeId } from './directory-tree.ts';

const picked = (...paths: string[]) =>
  paths.map((p) => ({ name: p.split('/').at(-1) ?? p, webkitRelativePath: p }));

describe('the directory tree of spec §3', () => {
  it('builds fileName, type and parentId from webkitRelativePath, depth first', () => {
    const nodes = buildDirectoryTree(
      picked('class/photos/b.jpg', 'class/notice.pdf', 'class/photos/a.jpg', 'class/audio/x.mp3'),
    );
    expect(nodes).toEqual([
      { id: 'class', fileName: 'class', type: 'directory', parentId: null },
      { id: 'class/audio', fileName: 'audio', type: 'directory', parentId: 'class' },
      { id: 'class/audio/x.mp3', fileName: 'x.mp3', type: 'file', parentId: 'class/audio' },
      { id: 'class/photos', fileName: 'photos', type: 'directory', parentId: 'class' },
      { id: 'class/photos/a.jpg', fileName: 'a.jpg', type: 'file', parentId: 'class/photos' },
      { id: 'class/photos/b.jpg', fileName: 'b.jpg', type: 'file', parentId: 'class/photos' },
      { id: 'class/notice.pdf', fileName: 'notice.pdf', type: 'file', parentId: 'class' },
    ]);
  });

  it('adds level and expend when requested', () => {
    const nodes = buildDirectoryTree(picked('a/b/c.txt'), { levels: true, expanded: true });
    expect(nodes.map((n) => [n.id, n.level, n.expend])).toEqual([
      ['a', 0, true],
      ['a/b', 1, true],
      ['a/b/c.txt', 2, false],
    ]);
    expect(buildDirectoryTree(picked('a/c.txt'), { levels: true })[0]?.expend).toBe(false);
  });

  it('puts files picked without a folder at the top, natural order, once each', () => {
    const nodes = buildDirectoryTree([
      { name: 'week10.pdf' },
      { name: 'week2.pdf', webkitRelativePath: '' },
      { name: 'week2.pdf' },
    ]);
    expect(nodes.map((n) => [n.id, n.parentId])).toEqual([
      ['week2.pdf', null],
      ['week10.pdf', null],
    ]);
  });

  it('drops empty, . and .. segments: no node climbs out of the folder', () => {
    expect(buildDirectoryTree(picked('../../x/./y//z.txt')).map((n) => n.id)).toEqual([
      'x',
      'x/y',
      'x/y/z.txt',
    ]);
    expect(directoryNodeId({ name: 'z.txt', webkitRelativePath: 'x\\..\\z.txt' })).toBe('x/z.txt');
  });
});
