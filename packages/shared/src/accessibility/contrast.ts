/**
 * Colour contrast as WCAG 2.2 measures it (docs/accessibility.md, 1.4.3 and 1.4.11): the relative luminance of
 * an sRGB colour and the ratio between two, from 1:1 to 21:1.
 */

/** Text under 24 px (19 px bold) needs this much against its background. */
export const TEXT_CONTRAST = 4.5;
/** Large text and the parts of a control needed to see it need this much. */
export const LARGE_TEXT_CONTRAST = 3;

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
/** `rgb(r, g, b)` or `rgba(r, g, b, 1)`: an opaque colour as Mantine's colour functions write it. */
const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*1(?:\.0*)?\s*)?\)$/i;

/** The 0..255 channels of `#rgb`, `#rrggbb` or an opaque `rgb()`/`rgba()`; throws on anything else. */
export function colorChannels(color: string): [number, number, number] {
  const rgb = RGB.exec(color.trim());
  if (rgb) {
    const channels = rgb.slice(1, 4).map(Number) as [number, number, number];
    if (channels.every((c) => c <= 255)) return channels;
  }
  const match = HEX.exec(color.trim());
  if (!match?.[1]) throw new Error(`not an opaque colour: ${color}`);
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance: 0 for black, 1 for white. */
export function relativeLuminance(color: string): number {
  const [r, g, b] = colorChannels(color).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (the order does not matter). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Black or white, whichever reads better on `background` (initials on an avatar colour). */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  return contrastRatio('#000000', background) > contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}
