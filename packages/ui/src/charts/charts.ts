/**
 * The charts helper of the shared kit (spec §9: charts version default 4.0.5, themes
 * infographic, macarons, roma and shine) over Apache ECharts.
 *
 * The spec's "4.0.5" is the version *name* a sub-app's init options carried for its charts; it
 * is kept as {@link DEFAULT_CHARTS_VERSION} so code that reads or reports it still finds it. The
 * library actually bundled is ECharts 6 (the `echarts` dependency of @campus/ui), whose options
 * are compatible with the ECharts 4 ones the spec's themes were written for.
 */
import * as echarts from 'echarts';
import type { EChartsInitOpts, EChartsOption, EChartsType } from 'echarts';
import { normalizeLanguage } from '@campus/sdk/language';
import { CHART_THEME_DEFINITIONS } from './themes.ts';

/** The chart themes of spec §9, registered with ECharts by {@link registerChartThemes}. */
export const CHART_THEMES = ['infographic', 'macarons', 'roma', 'shine'] as const;

/** One of the themes of spec §9. */
export type ChartThemeName = (typeof CHART_THEMES)[number];

/**
 * Spec §9 "charts version default 4.0.5": the version name of the spec, not the version of the
 * bundled library (ECharts 6; see `echarts.version`).
 */
export const DEFAULT_CHARTS_VERSION = '4.0.5';

/**
 * The theme a chart gets when none, or one that is not in {@link CHART_THEMES}, is asked for.
 * The spec names the themes but not a default; macarons is the soft palette the desktop cards
 * were designed around, and falling back (rather than throwing) keeps a page with a mistyped
 * theme in a stored setting drawing its charts.
 */
export const DEFAULT_CHART_THEME: ChartThemeName = 'macarons';

/** Spec §9: resizing follows the window, throttled to 50 ms like the header and viewport. */
export const CHART_RESIZE_THROTTLE_MS = 50;

let themesRegistered = false;

/**
 * Registers the four themes of spec §9 with ECharts, once per page; later calls do nothing.
 * {@link createChart} calls it, so call it yourself only when you use `echarts.init` directly.
 *
 * @returns whether this call registered them (false when they already were).
 * @example
 * registerChartThemes();
 * const chart = echarts.init(element, 'roma', { renderer: 'svg' });
 */
export function registerChartThemes(): boolean {
  if (themesRegistered) return false;
  for (const name of CHART_THEMES) echarts.registerTheme(name, CHART_THEME_DEFINITIONS[name]);
  themesRegistered = true;
  return true;
}

/** Whether `name` is one of the themes of spec §9. */
export function isChartTheme(name: unknown): name is ChartThemeName {
  return typeof name === 'string' && (CHART_THEMES as readonly string[]).includes(name);
}

/**
 * The theme a chart will use: `theme` when it is one of spec §9, otherwise
 * {@link DEFAULT_CHART_THEME}.
 *
 * @example
 * resolveChartTheme('roma'); // 'roma'
 * resolveChartTheme('dark'); // 'macarons'
 */
export function resolveChartTheme(theme: string | null | undefined): ChartThemeName {
  return isChartTheme(theme) ? theme : DEFAULT_CHART_THEME;
}

/** Options of {@link createChart}. */
export interface CreateChartOptions {
  /** One of {@link CHART_THEMES}; anything else, or nothing, gives {@link DEFAULT_CHART_THEME}. */
  theme?: ChartThemeName | (string & {}) | null;
  /**
   * `svg` by default: crisp at any zoom, printable, and it needs no canvas (so it also draws in
   * jsdom tests). Use `canvas` for charts with many thousands of points.
   */
  renderer?: 'svg' | 'canvas';
  /** zh-CN or en (anything else is zh-CN, spec §1): the language of ECharts' own texts. */
  lang?: string | null;
  /** Fixed size; by default the chart fills `element`. */
  width?: number;
  height?: number;
  /** An option to draw right away; more can be set later with `chart.setOption`. */
  option?: EChartsOption;
}

/** What {@link createChart} returns. */
export interface ChartHandle {
  /** The ECharts instance. */
  readonly chart: EChartsType;
  /** The theme actually used, after the fallback of {@link resolveChartTheme}. */
  readonly theme: ChartThemeName;
  /** Stops following the window size and disposes of the chart; safe to call twice. */
  dispose(): void;
}

/**
 * Draws an ECharts chart in `element` with a theme of spec §9 and keeps it sized to the window
 * (resizes throttled to 50 ms, spec §9). Call `dispose` when the element goes away.
 *
 * @example
 * useEffect(() => {
 *   const { chart, dispose } = createChart(ref.current!, { theme: 'shine', lang });
 *   chart.setOption({ xAxis: { data: days }, yAxis: {}, series: [{ type: 'bar', data: counts }] });
 *   return dispose;
 * }, [days, counts, lang]);
 */
export function createChart(element: HTMLElement, options: CreateChartOptions = {}): ChartHandle {
  registerChartThemes();
  const theme = resolveChartTheme(options.theme);
  const init: EChartsInitOpts = {
    renderer: options.renderer ?? 'svg',
    locale: normalizeLanguage(options.lang) === 'en' ? 'EN' : 'ZH',
  };
  if (options.width !== undefined) init.width = options.width;
  if (options.height !== undefined) init.height = options.height;
  const chart = echarts.init(element, theme, init);
  if (options.option) chart.setOption(options.option);

  const resize = throttle(() => {
    if (!chart.isDisposed()) chart.resize();
  }, CHART_RESIZE_THROTTLE_MS);
  window.addEventListener('resize', resize.call);

  let disposed = false;
  return {
    chart,
    theme,
    dispose() {
      if (disposed) return;
      disposed = true;
      window.removeEventListener('resize', resize.call);
      resize.cancel();
      if (!chart.isDisposed()) chart.dispose();
    },
  };
}

/** Runs `fn` at once, then at most once per `ms`, the last call of a burst always landing. */
function throttle(fn: () => void, ms: number) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    fn();
  };
  return {
    call: () => {
      const wait = last + ms - Date.now();
      if (wait > 0) {
        timer ??= setTimeout(run, wait);
        return;
      }
      if (timer !== undefined) clearTimeout(timer);
      run();
    },
    cancel: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
