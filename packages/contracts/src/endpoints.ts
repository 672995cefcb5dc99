/**
 * Every endpoint contract, for what works across them all: the server's CSRF rule, the test that
 * every API route comes from a contract, and the OpenAPI-driven fuzz stage.
 */
import { accountRecoveryEndpoints } from './account-recovery.ts';
import { adminEndpoints } from './admin.ts';
import { adminFeedEndpoints, appFeedEndpoints } from './app-feed.ts';
import { adminAppEndpoints } from './admin-apps.ts';
import { adminImportEndpoints } from './admin-import.ts';
import { adminDirectoryEndpoints } from './admin-directory.ts';
import { baseEndpoints } from './base.ts';
import { clientDownloadEndpoints } from './client-downloads.ts';
import { cmsEndpoints } from './cms.ts';
import { desktopEndpoints } from './desktop.ts';
import type { EndpointDefinition } from './endpoint.ts';
import { exportEndpoints } from './export.ts';
import { faceAdminEndpoints, faceEndpoints } from './face.ts';
import { familyEndpoints } from './family.ts';
import { oidcEndpoints } from './oidc.ts';
import { socialEndpoints } from './social.ts';
import { storageEndpoints, uploadEndpoints } from './storage.ts';
import { uaaEndpoints } from './uaa.ts';

export const ALL_ENDPOINTS: readonly EndpointDefinition[] = [
  uaaEndpoints,
  accountRecoveryEndpoints,
  oidcEndpoints,
  socialEndpoints,
  familyEndpoints,
  baseEndpoints,
  desktopEndpoints,
  clientDownloadEndpoints,
  cmsEndpoints,
  storageEndpoints,
  uploadEndpoints,
  exportEndpoints,
  adminEndpoints,
  appFeedEndpoints,
  adminFeedEndpoints,
  adminAppEndpoints,
  adminImportEndpoints,
  adminDirectoryEndpoints,
  faceEndpoints,
  faceAdminEndpoints,
].flatMap((group) => Object.values<EndpointDefinition>(group));
