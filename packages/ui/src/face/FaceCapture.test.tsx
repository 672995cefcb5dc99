// @vitest-environment jsdom
/**
 * The face component's first states in jsdom (spec §4 initialising then no camera, §5 collect
 * mode requires userId, §8 their messages), in both languages. The camera states with a real
 * video and detector are covered in Chromium with its fake camera (e2e/specs/face.spec.ts).
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { faceEndpoints, FACE_MESSAGES } from '@campus/contracts/face';
import type { HttpClient } from '@campus/sdk/http-core';
import { mountPerTest } from '../test-support/render.ts';
import { FaceCapture } from './FaceCapture.tsx';

const view = mountPerTest();
beforeEach(() => document.body.append(view.container));
afterEach(() => {
  view.container.remove();
  vi.unstubAllGlobals();
});

/** An HTTP client whose face/user answers nobody enrolled, recording the paths it was asked. */
function fakeHttp(paths: string[]): HttpClient {
  const answer = (path: string) => {
    paths.push(path);
    return Promise.resolve({
      status: 200,
      message: 'ok',
      data: { faceImage: null, registerTime: null, userId: 'u1' },
    });
  };
  return { get: answer, post: answer, put: answer, delete: answer } as unknown as HttpClient;
}

/** A camera for `enumerateDevices`, or none; answers the `getUserMedia` mock. */
function stubDevices(kinds: MediaDeviceKind[]) {
  const getUserMedia = vi.fn(() => Promise.reject(new Error('no stream in jsdom')));
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: {
      getUserMedia,
      enumerateDevices: () => Promise.resolve(kinds.map((kind) => ({ kind }))),
    },
  });
  return getUserMedia;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('FaceCapture first states (spec §4, §5, §8)', () => {
  it.each([
    ['en', 1],
    ['zh-CN', 0],
  ] as const)(
    '%s: no camera device → the §8 message, Open camera disabled',
    async (lang, index) => {
      stubDevices(['audioinput']);
      await view.render(<FaceCapture mode="login" http={fakeHttp([])} lang={lang} />);
      await settle();
      expect(view.byTestId('face')?.getAttribute('data-phase')).toBe('noCamera');
      expect(view.byTestId('face.problem')?.textContent).toBe(FACE_MESSAGES.noCamera[index]);
      expect((view.byTestId('face.open') as HTMLButtonElement).disabled).toBe(true);
    },
  );

  it.each([
    ['en', 1],
    ['zh-CN', 0],
  ] as const)(
    '%s: collect mode without userId → "userId is not find", no lookup',
    async (lang, index) => {
      stubDevices(['videoinput']);
      const paths: string[] = [];
      await view.render(<FaceCapture mode="collect" http={fakeHttp(paths)} lang={lang} />);
      await settle();
      expect(view.byTestId('face.problem')?.textContent).toBe(FACE_MESSAGES.noUserId[index]);
      expect((view.byTestId('face.open') as HTMLButtonElement).disabled).toBe(true);
      expect(view.byTestId('face.upload')).toBeNull();
      expect(paths).toEqual([]);
    },
  );

  it('collect mode with a userId and a camera: ready, reads face/user, Open camera and Upload', async () => {
    stubDevices(['videoinput']);
    const paths: string[] = [];
    await view.render(<FaceCapture mode="collect" http={fakeHttp(paths)} lang="en" userId="u1" />);
    await settle();
    expect(view.byTestId('face')?.getAttribute('data-phase')).toBe('ready');
    expect(view.byTestId('face.problem')).toBeNull();
    expect(paths).toEqual([faceEndpoints.user.path]);
    expect(view.byTestId('face.open')?.textContent).toBe('Open camera');
    expect((view.byTestId('face.open') as HTMLButtonElement).disabled).toBe(false);
    expect(view.byTestId('face.upload')?.textContent).toBe('Upload');
    expect(view.byTestId('face.enrolled')).toBeNull();
  });

  it.each([
    [true, 1],
    [false, 0],
  ] as const)(
    'orther mode with autoStart=%s: the camera is asked for %i time(s) once found (a kiosk)',
    async (autoStart, calls) => {
      const getUserMedia = stubDevices(['videoinput']);
      await view.render(
        <FaceCapture mode="orther" http={fakeHttp([])} lang="en" autoStart={autoStart} />,
      );
      await settle();
      await settle();
      expect(getUserMedia).toHaveBeenCalledTimes(calls);
    },
  );
});
