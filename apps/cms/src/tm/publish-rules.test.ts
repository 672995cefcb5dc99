import { describe, expect, it } from 'vitest';
import { checkPublish, publishBody } from './publish-rules.ts';

const ok = {
  title: '期中考试安排',
  content: '请家长提醒孩子带好文具。',
  gradeName: '',
  className: '',
};

describe('publish form rules', () => {
  it('accepts a whole-school notice and trims what it sends', () => {
    expect(checkPublish(ok)).toEqual({});
    expect(publishBody({ ...ok, title: '  期中考试安排 ' })).toEqual({
      title: '期中考试安排',
      content: '请家长提醒孩子带好文具。',
    });
  });

  it('refuses blank and over-long title and content', () => {
    expect(checkPublish({ ...ok, title: '   ', content: '\n' })).toEqual({
      title: 'cms.publish.titleRequired',
      content: 'cms.publish.contentRequired',
    });
    expect(checkPublish({ ...ok, title: '字'.repeat(101) }).title).toBe('cms.publish.titleTooLong');
    expect(checkPublish({ ...ok, title: '字'.repeat(100) }).title).toBeUndefined();
    expect(checkPublish({ ...ok, content: 'x'.repeat(5001) }).content).toBe(
      'cms.publish.contentTooLong',
    );
  });

  it('needs a grade with a class', () => {
    expect(checkPublish({ ...ok, className: 'Class 2' }).gradeName).toBe(
      'cms.publish.classNeedsGrade',
    );
    expect(checkPublish({ ...ok, gradeName: 'Grade 3', className: 'Class 2' })).toEqual({});
    expect(publishBody({ ...ok, gradeName: ' Grade 3 ', className: 'Class 2' })).toMatchObject({
      gradeName: 'Grade 3',
      className: 'Class 2',
    });
  });
});
