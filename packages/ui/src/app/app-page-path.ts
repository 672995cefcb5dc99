/**
 * Reads an app page address (spec §2: `{deployPath or root}/{serverId}/pc_{code}_{variant}/index.html`,
 * here `/{root}/{app}/{fileId}/index.html` or the same folder with a trailing slash).
 */
import { isSubAppName } from '@campus/sdk/subapp-loader';

/**
 * The app and file an app page stands for, or null for any other address.
 *
 * @example
 * appPageFromPath('/pages/cms/pc_cms_tm/index.html'); // { app: 'cms', fileId: 'pc_cms_tm' }
 * appPageFromPath('/viewport'); // null
 */
export function appPageFromPath(pathname: string): { app: string; fileId: string } | null {
  const match = /\/([^/]+)\/([^/]+)\/(?:index\.html)?$/.exec(pathname);
  if (!match?.[1] || !match[2]) return null;
  let app: string;
  let fileId: string;
  try {
    app = decodeURIComponent(match[1]);
    fileId = decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  return isSubAppName(app) && isSubAppName(fileId) ? { app, fileId } : null;
}
