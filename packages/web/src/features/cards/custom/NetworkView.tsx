import { DEFAULT_COLOR_SCHEME, schemeColors, type UnitData, type Vis } from '@tessera/shared';
import { GraphChart } from 'echarts/charts';
import { TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { type NetworkGraph, networkGraph } from './networkGraph.ts';

echarts.use([GraphChart, TooltipComponent, SVGRenderer]);

/**
 * The ECharts option of a network: a force-directed graph, nodes draggable and coloured from the default scale,
 * labels on, arrows on links whose width follows their value.
 */
export function networkOption(graph: NetworkGraph): echarts.EChartsCoreOption {
  const colors = schemeColors(DEFAULT_COLOR_SCHEME, graph.nodes.length);
  const top = Math.max(1, ...graph.links.map((link) => Math.abs(link.value)));
  return {
    backgroundColor: 'transparent',
    tooltip: {},
    series: [
      {
        type: 'graph',
        layout: 'force',
        roam: true,
        draggable: true,
        data: graph.nodes.map((node, i) => ({ ...node, itemStyle: { color: colors[i] } })),
        links: graph.links.map((link) => ({ ...link, lineStyle: { width: 1 + (3 * Math.abs(link.value)) / top } })),
        edgeSymbol: ['none', 'arrow'],
        edgeSymbolSize: 6,
        label: { show: true, position: 'right' },
        lineStyle: { opacity: 0.7, curveness: 0.1 },
        force: { repulsion: 300, edgeLength: [60, 160], gravity: 0.08 },
        emphasis: { focus: 'adjacency' },
      },
    ],
  };
}

interface Props {
  vis: Vis;
  data: UnitData | null;
  width: number | undefined;
  height: number | undefined;
}

/** A network card drawn by ECharts' graph series (SVG renderer: crisp at any zoom and light on memory). */
export function NetworkView({ vis, data, width, height }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!box.current) return;
    const instance = echarts.init(box.current, 'dark', { renderer: 'svg' });
    chart.current = instance;
    return () => {
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(networkOption(networkGraph(vis, data)), { notMerge: true });
  }, [vis, data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the card's new size is what asks for a resize
  useEffect(() => {
    chart.current?.resize();
  }, [width, height]);
  return <div ref={box} data-testid="network-chart" style={{ width: '100%', height: '100%', minHeight: 120 }} />;
}
