/**
 * Types for the part of react-grid-layout 1.5 the card grid uses. The package ships Flow types only and
 * @types/react-grid-layout is not installed; these follow its ReactGridLayoutPropTypes.js (1.5.4).
 */
declare module 'react-grid-layout' {
  import type { Component, CSSProperties, ReactNode } from 'react';

  export interface Layout {
    i: string;
    x: number;
    y: number;
    w: number;
    h: number;
    minW?: number;
    minH?: number;
    maxW?: number;
    maxH?: number;
    moved?: boolean;
    static?: boolean;
    isDraggable?: boolean;
    isResizable?: boolean;
    resizeHandles?: ResizeHandle[];
  }

  export type ResizeHandle = 's' | 'w' | 'e' | 'n' | 'sw' | 'nw' | 'se' | 'ne';

  export type ItemCallback = (
    layout: Layout[],
    oldItem: Layout,
    newItem: Layout,
    placeholder: Layout,
    event: MouseEvent,
    element: HTMLElement,
  ) => void;

  export interface ReactGridLayoutProps {
    className?: string;
    style?: CSSProperties;
    width: number;
    autoSize?: boolean;
    cols?: number;
    draggableCancel?: string;
    draggableHandle?: string;
    compactType?: 'vertical' | 'horizontal' | null;
    layout?: Layout[];
    margin?: [number, number];
    containerPadding?: [number, number] | null;
    rowHeight?: number;
    maxRows?: number;
    isBounded?: boolean;
    isDraggable?: boolean;
    isResizable?: boolean;
    preventCollision?: boolean;
    useCSSTransforms?: boolean;
    resizeHandles?: ResizeHandle[];
    onLayoutChange?: (layout: Layout[]) => void;
    onDragStart?: ItemCallback;
    onDragStop?: ItemCallback;
    onResizeStart?: ItemCallback;
    onResizeStop?: ItemCallback;
    children?: ReactNode;
  }

  export default class ReactGridLayout extends Component<ReactGridLayoutProps> {}
}

/** The layout functions react-grid-layout runs on a drag or a resize (its build/utils.js, 1.5.4). */
declare module 'react-grid-layout/build/utils.js' {
  import type { Layout } from 'react-grid-layout';

  export type CompactType = 'vertical' | 'horizontal' | null;
  export function cloneLayout(layout: Layout[]): Layout[];
  export function getLayoutItem(layout: Layout[], id: string): Layout | undefined;
  export function bottom(layout: Layout[]): number;
  export function compact(layout: Layout[], compactType: CompactType, cols: number, allowOverlap?: boolean): Layout[];
  export function moveElement(
    layout: Layout[],
    item: Layout,
    x: number | undefined,
    y: number | undefined,
    isUserAction: boolean,
    preventCollision: boolean,
    compactType: CompactType,
    cols: number,
    allowOverlap?: boolean,
  ): Layout[];
}
