// @vitest-environment jsdom
import * as echarts from 'echarts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHART_RESIZE_THROTTLE_MS,
  CHART_THEMES,
  DEFAULT_CHART_THEME,
  DEFAULT_CHARTS_VERSION,
  createChart,
  isChartTheme,
  registerChartThemes,
  resolveChartTheme,
  type ChartHandle,
} from './charts.ts';

vi.mock('echarts', async (importOriginal) => {
  const real = await importOriginal<typeof echarts>();
  return { ...real, registerTheme: vi.fn(real.registerTheme) };
});

const handles: ChartHandle[] = [];
function chartIn(options: Parameters<typeof createChart>[1] = {}): ChartHandle {
  const element = document.createElement('div');
  document.body.append(element);
  // jsdom has no layout, so the size is given rather than read from the element.
  const handle = createChart(element, { width: 400, height: 300, ...options });
  handles.push(handle);
  return handle;
}
/** The first palette colour a chart ended up with, which tells its theme apart. */
function firstColour(handle: ChartHandle): unknown {
  handle.chart.setOption({ series: [] });
  const option = handle.chart.getOption() as { color?: unknown[] };
  return option.color?.[0];
}

beforeEach(() => {
  // ECharts measures text on a canvas when it can; jsdom has none and says so on every call.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const handle of handles.splice(0)) handle.dispose();
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('charts helper (spec §9 charts version and themes)', () => {
  it('spec §9: the four themes and the version name 4.0.5', () => {
    expect(CHART_THEMES).toEqual(['infographic', 'macarons', 'roma', 'shine']);
    expect(DEFAULT_CHARTS_VERSION).toBe('4.0.5');
    expect(CHART_RESIZE_THROTTLE_MS).toBe(50);
    expect(echarts.version.split('.')[0]).toBe('6');
  });

  it('registers the four themes once, however often it is asked', () => {
    const registerTheme = vi.mocked(echarts.registerTheme);
    expect(registerChartThemes()).toBe(true);
    expect(registerChartThemes()).toBe(false);
    chartIn({ theme: 'roma' });
    expect(registerTheme.mock.calls.map(([name]) => name)).toEqual([...CHART_THEMES]);
  });

  it('unknown or missing themes fall back to macarons', () => {
    expect(DEFAULT_CHART_THEME).toBe('macarons');
    expect(resolveChartTheme('shine')).toBe('shine');
    for (const other of ['dark', 'Macarons', '', null, undefined]) {
      expect(resolveChartTheme(other)).toBe('macarons');
    }
    expect(isChartTheme('infographic')).toBe(true);
    expect(isChartTheme(4)).toBe(false);
  });

  it('draws with the chosen theme, as SVG, without a canvas', () => {
    const palettes = {
      infographic: '#C1232B',
      macarons: '#2ec7c9',
      roma: '#E01F54',
      shine: '#c12e34',
    } as const;
    for (const theme of CHART_THEMES) {
      const handle = chartIn({ theme });
      expect(handle.theme).toBe(theme);
      expect(firstColour(handle), theme).toBe(palettes[theme]);
    }
    const fallback = chartIn({ theme: 'no-such-theme' });
    expect(fallback.theme).toBe('macarons');
    expect(firstColour(fallback)).toBe(palettes.macarons);

    const drawn = chartIn({
      theme: 'shine',
      option: {
        xAxis: { data: ['Mon', 'Tue'] },
        yAxis: {},
        series: [{ type: 'bar', data: [3, 5] }],
      },
    });
    expect(drawn.chart.getDom().querySelector('svg')).not.toBeNull();
    expect(drawn.chart.getDom().querySelector('canvas')).toBeNull();
  });

  it('spec §9: follows window resizes at most every 50 ms, and stops when disposed', () => {
    vi.useFakeTimers();
    const handle = chartIn();
    const resize = vi.spyOn(handle.chart, 'resize');
    for (let i = 0; i < 5; i++) window.dispatchEvent(new Event('resize'));
    expect(resize).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(49);
    expect(resize).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(resize).toHaveBeenCalledTimes(2);

    window.dispatchEvent(new Event('resize'));
    handle.dispose();
    vi.advanceTimersByTime(100);
    window.dispatchEvent(new Event('resize'));
    expect(resize).toHaveBeenCalledTimes(2);
    expect(handle.chart.isDisposed()).toBe(true);
    expect(() => handle.dispose()).not.toThrow();
  });
});
