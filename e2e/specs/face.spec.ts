/**
 * The face component in a real page with Chromium's fake camera (issue 14 §1 and its e2e list;
 * spec §2 Face component, §4 states, §5, §7 face/check and face/user, §8 messages, §9): the
 * settings page's enrolment in collect mode against the server's real recognition.
 *
 * The camera is a .y4m of a face crop (fixtures/make-face-y4m.mjs, from
 * server/test/fixtures/faces/s1-1-a.jpg), so these tests run in their own browser launch
 * (`test.use` of the launch options: Playwright gives the file its own worker and browser).
 */
import fs from 'node:fs';
import { faceEndpoints } from '@campus/contracts/face';
import { uaaEndpoints } from '@campus/contracts/uaa';
import { demoAccounts } from '../fixtures/accounts.ts';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH, fakeCameraArgs } from '../fixtures/chromium.ts';
import { FACE_CAMERA, FACE_CROP } from '../fixtures/face.ts';
import { signInByApi } from '../fixtures/test.ts';
import { DesktopPage } from '../pages/DesktopPage.ts';
import { expect, test } from '../fixtures/test.ts';

test.use({
  launchOptions: {
    executablePath: E2E_CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...fakeCameraArgs(FACE_CAMERA)],
  },
});

const texts = {
  en: {
    open: 'Open camera',
    photograph: 'Photograph',
    again: 'Again',
    save: 'Save',
    done: 'Face acquisition completed!',
  },
  'zh-CN': {
    open: '打开摄像头',
    photograph: '拍照',
    again: '重拍',
    save: '保存',
    done: '人脸采集完成！',
  },
} as const;

test('collect mode on the settings page: countdown, Photograph, Again, Save, success; then re-enrol in zh-CN', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInByApi(page, demoAccounts.staff, { language: 'en', fresh: true });
  await page.goto('/desktop/setting');
  const face = page.getByTestId('face');
  const en = texts.en;

  // Nothing enrolled yet: Open camera, no photo (spec §7 face/user).
  await expect(face.getByTestId('face.open')).toHaveText(en.open);
  await expect(face.getByTestId('face.enrolled')).toHaveCount(0);
  await face.getByTestId('face.open').click();

  // Spec §4/§5: a countdown of 3 s with Photograph and Save disabled, then the video.
  await expect(face.getByTestId('face.countdown')).toBeVisible();
  await expect(face.getByTestId('face.photograph')).toHaveText(en.photograph);
  await expect(face.getByTestId('face.photograph')).toBeDisabled();
  await expect(face.getByTestId('face.save')).toBeDisabled();
  await expect(face.getByTestId('face.photograph')).toBeEnabled({ timeout: 6_000 });
  await expect(face.getByTestId('face.countdown')).toHaveCount(0);
  await expect(face).toHaveAttribute('data-phase', 'live');

  // Photograph → captured state (Again, Save); Again opens the camera again with its countdown.
  await face.getByTestId('face.photograph').click();
  await expect(face.getByTestId('face.photo')).toBeVisible();
  await expect(face.getByTestId('face.save')).toBeEnabled();
  await face.getByTestId('face.again').click();
  await expect(face.getByTestId('face.countdown')).toBeVisible();
  await expect(face.getByTestId('face.photo')).toHaveCount(0);
  await expect(face.getByTestId('face.photograph')).toBeEnabled({ timeout: 6_000 });
  await face.getByTestId('face.photograph').click();

  // Save: the 480×480 JPEG goes to face/check; success notice, the camera closes.
  const saved = page.waitForResponse((res) => res.url().includes(faceEndpoints.check.path));
  await face.getByTestId('face.save').click();
  const answer = (await (await saved).json()) as { status: number; message: string };
  expect(answer.status, answer.message).toBe(200);
  await expect(face.getByTestId('face.notice')).toHaveText(en.done);
  await expect(face.getByTestId('face.enrolled')).toBeVisible();
  await expect(face.getByTestId('face.registerTime')).toBeVisible();
  await expect(face.getByTestId('face.video')).not.toHaveJSProperty('srcObject', expect.anything());

  // The photo sent was 480×480 (spec §3/§9: the body is wider than 760 at 1366 px).
  const size = await face
    .getByTestId('face.enrolled')
    .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(size).toEqual([480, 480]);

  // zh-CN, after a reload: the enrolled photo from face/user and Again (re-photograph mode).
  await page.evaluate(() => {
    localStorage.setItem('lange_', 'zh-CN');
    localStorage.setItem('lang', JSON.stringify({ id: 'zh-CN' }));
  });
  await page.reload();
  const zh = texts['zh-CN'];
  await expect(face.getByTestId('face.enrolled')).toBeVisible();
  await expect(face.getByTestId('face.again')).toHaveText(zh.again);
  await face.getByTestId('face.again').click();
  await expect(face.getByTestId('face.countdown')).toBeVisible();
  await expect(face.getByTestId('face.photograph')).toHaveText(zh.photograph);
  await expect(face.getByTestId('face.photograph')).toBeDisabled();
  await expect(face.getByTestId('face.photograph')).toBeEnabled({ timeout: 6_000 });
  await face.getByTestId('face.photograph').click();
  await expect(face.getByTestId('face.save')).toHaveText(zh.save);
  await face.getByTestId('face.save').click();
  await expect(face.getByTestId('face.notice')).toHaveText(zh.done, { timeout: 20_000 });
});

test('face sign-in from the login page: the tracker takes the photo, 200 reloads into the desktop', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // Enrol staff's face (the camera's person) through the API, as the settings page does.
  const device = { device: 'pc:portal' };
  const login = await request.post(uaaEndpoints.login.path, {
    form: { username: demoAccounts.staff.username, password: demoAccounts.staff.password },
    headers: device,
  });
  expect(((await login.json()) as { status: number }).status).toBe(200);
  const me = (await (await request.get(uaaEndpoints.me.path, { headers: device })).json()) as {
    data: { userId: string };
  };
  const enrolled = await request.post(faceEndpoints.check.path, {
    data: { userId: me.data.userId, faceImage: fs.readFileSync(FACE_CROP).toString('base64') },
    headers: device,
  });
  const enrolledBody = (await enrolled.json()) as { status: number; message: string };
  expect(enrolledBody.status, enrolledBody.message).toBe(200);

  // The login page offers face sign-in only once the unit has a face (sign_in_options.face); the
  // face component and face-api are not loaded until the button is used.
  const faceChunks: string[] = [];
  page.on('request', (req) => {
    if (/face-detector|FaceCapture|tiny_face/.test(req.url())) faceChunks.push(req.url());
  });
  await page.goto('/login?language=en');
  await expect(page.getByTestId('login.face')).toHaveText('Sign in with your face');
  expect(faceChunks).toEqual([]);
  await page.getByTestId('login.face').click();
  const face = page.getByTestId('face');
  await face.getByTestId('face.open').click();
  await expect(face.getByTestId('face.countdown')).toBeVisible();
  // Spec §4: the tracker's hits are real detections; more than 8 take the photo and send it.
  await expect(face.getByTestId('face.box')).toBeVisible({ timeout: 20_000 });
  // Spec §7: the 200 reloads the page, which finds the session and goes on to the desktop.
  await page.waitForURL((url) => url.pathname.startsWith('/desktop'), { timeout: 30_000 });
  expect(faceChunks.some((url) => url.includes('tiny_face'))).toBe(true);
  await new DesktopPage(page).expectSignedIn();
  const session = (await (await page.request.get(uaaEndpoints.me.path)).json()) as {
    data: { loginName: string };
  };
  expect(session.data.loginName).toBe(demoAccounts.staff.username);
});
