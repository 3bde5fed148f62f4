/**
 * A uPlot chart mounted in `container`, as wide as the container (at least `minWidth`) and following
 * its width (ResizeObserver), destroyed with the component. `build` gives the options for a width and
 * the data; the chart is made again when `deps` change. The theme's colours come from `themeColours`.
 */
import { useEffect, type DependencyList, type RefObject } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export function useUplot(
  container: RefObject<HTMLDivElement | null>,
  minWidth: number,
  build: (width: number, element: HTMLElement) => { options: uPlot.Options; data: uPlot.AlignedData },
  deps: DependencyList,
): void {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const widthNow = () => Math.max(minWidth, element.clientWidth);
    const { options, data } = build(widthNow(), element);
    const chart = new uPlot(options, data, element);
    const observer = new ResizeObserver(() => {
      const width = widthNow();
      if (width !== chart.width) chart.setSize({ width, height: options.height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
    // `build` is read when `deps` change, as with useMemo.
  }, deps);
}

/** The accent and muted colours of the theme (ui/theme.css) as the element sees them. */
export function themeColours(element: Element): { accent: string; muted: string } {
  const styles = getComputedStyle(element);
  return { accent: styles.getPropertyValue('--accent').trim() || '#2563eb', muted: styles.getPropertyValue('--muted').trim() || '#6b7280' };
}
