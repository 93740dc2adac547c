/** Business constants of data apps (entities), used by the server and the web. */

/** A data app is a grid of cards (Dashboard) or one scrolling page of sections (Report). */
export const DASHBOARD_TYPES = ['Dashboard', 'Report'] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];

/** A card's type; a new card has none yet (null) until the user picks one in the chooser. */
export const UNIT_TYPES = ['chart', 'kpi', 'table', 'custom'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** Subtypes of custom cards (beta); other types carry no subtype. */
export const CUSTOM_SUBTYPES = [
  'comparisonKpi',
  'imageKpi',
  'mapUnit',
  'markdown',
  'network',
  'html',
  'editable',
  'dash',
] as const;
export type CustomSubtype = (typeof CUSTOM_SUBTYPES)[number];

/** The card grid (react-grid-layout): 12 columns on desktop, 2 on mobile. */
export const GRID = {
  columns: { desktop: 12, mobile: 2 },
  /** Below this width (the container's width minus `widthOffset`) the grid uses the mobile columns. */
  breakpoint: 700,
  widthOffset: 50,
  /** Pixels between cards, both directions. */
  margin: 20,
  rowHeight: 100,
} as const;

/** Where a new card lands: full width on an empty dashboard; half width at x6,y3 in a report. */
export const NEW_CARD = {
  Dashboard: { x: 0, y: 0, w: 12, h: 3 },
  Report: { x: 6, y: 3, w: 6, h: 3 },
} as const;

/** The dashboard image in the data apps list (data app card). */
export const PREVIEW = {
  /** Cards whose top row y is at most this are drawn in the image. */
  maxY: 3,
  columns: 12,
  /** Width of the page rendered for the image, in CSS pixels. */
  width: 1180,
  /** For this long after creation the card shows 'New dashboard' instead of asking for the image. */
  newWindowMs: 10_000,
  /** While no url is returned, the card asks again this often. */
  retryMs: 5_000,
} as const;

/** The preview page's query parameter that carries the render's one-time token (see the dashboards module). */
export const PREVIEW_TOKEN_PARAM = 'previewToken';

/**
 * The preview page sets this attribute (value "true") on any element once the dashboard and every card it
 * draws have finished loading (or failed): the renderer waits for it before it takes the screenshot.
 */
export const PREVIEW_READY_ATTRIBUTE = 'data-preview-ready';

/** Layout pages: a card is at least one cell; these bounds keep a tab's layout sane. */
export const LAYOUT_LIMITS = { maxY: 100_000, maxH: 100 } as const;

export const DASHBOARD_LIMITS = {
  nameMax: 200,
  descriptionMax: 5_000,
  tabsPerDashboard: 200,
  unitsPerTab: 500,
  /** A card's vis (its mapping) as JSON text, in bytes. */
  visMaxBytes: 200_000,
  /** Nesting depth of a vis object. */
  visMaxDepth: 32,
  featureColorsMax: 2_000,
} as const;

/** Preview image states: never asked for, being rendered, ready (url set), or the last render failed. */
export const PREVIEW_STATUSES = ['new', 'pending', 'ready', 'failed'] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];

/** While the mapping editor's feature list loads, it shows this many placeholder rows. */
export const FEATURE_SKELETON_ITEMS = 7;
