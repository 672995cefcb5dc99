/**
 * The cms app's zh-CN strings, built in (spec §4: no language file is loaded for zh-CN). The
 * English file `lang/en-cms.json` has the same keys; a test checks they match.
 */
export const zh = {
  cms: {
    appName: '信息发布',
    nav: {
      list: '通知列表',
      publish: '发布通知',
      reads: '阅读统计',
      stats: '发布统计',
      mine: '孩子的通知',
    },
    // The phone pages' bottom tabs (mobile_cms_tm): four across a 375 px screen.
    tab: {
      list: '通知',
      publish: '发布',
      reads: '阅读',
      stats: '统计',
    },
    list: {
      title: '通知列表',
      empty: '还没有发布通知',
      total: '共 {total} 条',
      publish: '发布通知',
    },
    field: {
      title: '标题',
      content: '内容',
      audience: '发布范围',
      grade: '年级',
      className: '班级',
      author: '发布人',
      publishedAt: '发布时间',
      reads: '已读 / 应读',
      status: '状态',
    },
    audience: {
      all: '全校',
      grade: '{grade}',
      gradeClass: '{grade} {className}',
    },
    publish: {
      title: '发布通知',
      titlePlaceholder: '例如：期中考试安排',
      contentPlaceholder: '通知正文，家长可在“孩子的通知”中查看',
      gradePlaceholder: '不填则发送给全校，例如 Grade 3',
      classPlaceholder: '不填则发送给整个年级，例如 Class 2',
      submit: '发布',
      submitting: '正在发布…',
      success: '通知已发布',
      titleRequired: '请输入标题',
      titleTooLong: '标题不能超过 100 个字',
      contentRequired: '请输入内容',
      contentTooLong: '内容不能超过 5000 个字',
      classNeedsGrade: '填写班级时请同时填写年级',
      tooLong: '不能超过 50 个字',
    },
    reads: {
      title: '阅读统计',
      rate: '阅读率',
    },
    stats: {
      title: '发布统计',
      notices: '通知数',
      reads: '已读人次',
      audience: '应读人次',
      byAuthor: '按发布人',
      count: '条数',
    },
    mine: {
      title: '孩子的通知',
      child: '{name}（{grade} {className}）',
      noChild: '您的账号还没有关联孩子，请联系学校。',
      empty: '暂时没有给孩子的通知',
      read: '已读',
      unread: '未读',
      markRead: '标记为已读',
      open: '查看',
      close: '收起',
    },
    loadFailed: '加载失败，请重试',
    retry: '重试',
  },
};
