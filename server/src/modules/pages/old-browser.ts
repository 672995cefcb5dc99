/**
 * Spec §1/§8 "Old browser": Internet Explorer 6 to 8 get the whole page replaced by a message
 * asking for a modern browser. Decided on the server from the User-Agent (with the contracts'
 * rule), because those browsers cannot run the pages' scripts at all: a page request from one
 * gets the message instead, in both languages (no script runs to pick one).
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { isOldIE } from '@campus/contracts/old-browser';

const UPGRADE_PAGE = `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<title>请升级浏览器 / Please upgrade your browser</title>
<style>
body{margin:0;padding:60px 20px;font-family:"Microsoft YaHei",Arial,sans-serif;background:#f4f6fa;color:#1d2939;text-align:center}
.box{max-width:560px;margin:0 auto;padding:32px;background:#fff;border:1px solid #e3e8f0}
h1{font-size:22px;margin:0 0 12px}
p{font-size:15px;line-height:1.7;margin:0 0 8px}
</style>
</head>
<body>
<div class="box">
<h1>您的浏览器版本过低</h1>
<p>请使用 Chrome、Edge、Firefox 或 360 浏览器（极速模式）等现代浏览器访问本平台。</p>
<h1>Your browser is too old</h1>
<p>Please use a modern browser such as Chrome, Edge or Firefox to use this platform.</p>
</div>
</body>
</html>
`;

/** True for a page request (not an API call or an asset) from IE 8 or older. */
export function wantsUpgradePage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  // Every API call passes here: it leaves before the URL is split (issue 15 §1).
  if (request.url.startsWith('/api/')) return false;
  const path = request.url.split('?')[0] ?? '';
  if (/\.(js|css|json|png|svg|jpg|gif|ico|woff2?)$/i.test(path)) {
    return false;
  }
  return isOldIE(request.headers['user-agent'] ?? '');
}

/**
 * An onRequest hook: answers an old IE's page request with the upgrade page. A callback hook,
 * not an async one: every request passes here, and nearly all go on at once without a promise.
 */
export function oldBrowserHook(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (!wantsUpgradePage(request)) {
    done();
    return;
  }
  void reply
    .code(200)
    .header('Cache-Control', 'no-store')
    .header('Vary', 'User-Agent')
    .type('text/html; charset=utf-8')
    .send(UPGRADE_PAGE);
}
