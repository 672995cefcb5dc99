// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '@campus/contracts/envelope';
import { mountPerTest } from '../test-support/render.ts';
import { envelopeData, useLoad, type Loaded } from './useLoad.ts';

const mount = mountPerTest();

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Renders useLoad with the given key and loader; `seen` holds the latest result. */
function probe<T>(
  key: string,
  load: (again: boolean) => Promise<T>,
  seen: { current?: Loaded<T> },
) {
  function Probe() {
    seen.current = useLoad(key, load);
    return null;
  }
  return <Probe />;
}

describe('useLoad (issue 10 §2: the one data-loading hook)', () => {
  it('is loading until the data comes, then shows it', async () => {
    const call = deferred<string>();
    const seen: { current?: Loaded<string> } = {};
    await mount.render(probe('a', () => call.promise, seen));
    expect(seen.current).toMatchObject({ data: undefined, loading: true, failed: false });
    await act(async () => call.resolve('hello'));
    expect(seen.current).toMatchObject({ data: 'hello', loading: false, failed: false });
  });

  it('keeps the old data while a reload is on its way, and after a failed one', async () => {
    const calls = [deferred<number>(), deferred<number>()];
    let n = 0;
    const seen: { current?: Loaded<number> } = {};
    await mount.render(probe('b', () => calls[n++]!.promise, seen));
    await act(async () => calls[0]!.resolve(1));
    act(() => seen.current!.reload());
    expect(seen.current).toMatchObject({ data: 1, loading: true, failed: false });
    await act(async () => calls[1]!.reject(new Error('down')));
    expect(seen.current).toMatchObject({ data: 1, loading: false, failed: true });
  });

  it('tells the load whether a reload asked for it (a fresh read after a change)', async () => {
    const asked: boolean[] = [];
    const seen: { current?: Loaded<number> } = {};
    await mount.render(
      probe(
        'c',
        (again) => {
          asked.push(again);
          return Promise.resolve(asked.length);
        },
        seen,
      ),
    );
    await act(async () => seen.current!.reload());
    expect(asked).toEqual([false, true]);
    expect(seen.current).toMatchObject({ data: 2, loading: false });
  });

  it('loads again when the key changes, and ignores the answer for the old key', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const seen: { current?: Loaded<string> } = {};
    await mount.render(probe('child:1', () => first.promise, seen));
    await mount.render(probe('child:2', () => second.promise, seen));
    await act(async () => first.resolve('old'));
    expect(seen.current).toMatchObject({ data: undefined, loading: true });
    await act(async () => second.resolve('new'));
    expect(seen.current).toMatchObject({ data: 'new', loading: false });
  });
});

describe('envelopeData', () => {
  it('gives the data of a status-200 answer and rejects any other (spec §8)', async () => {
    const answer = <T,>(envelope: Envelope<T>) => Promise.resolve(envelope);
    await expect(envelopeData(answer({ status: 200, data: [1] }))).resolves.toEqual([1]);
    await expect(envelopeData(answer({ status: 200 }))).rejects.toThrow();
    await expect(envelopeData(answer({ status: 401 }))).rejects.toThrow();
    await expect(envelopeData(Promise.reject(new Error('offline')))).rejects.toThrow('offline');
  });
});
