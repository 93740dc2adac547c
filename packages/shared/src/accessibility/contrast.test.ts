import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS } from '../constants.ts';
import { colorChannels, contrastRatio, readableTextOn, relativeLuminance, TEXT_CONTRAST } from './contrast.ts';

describe('contrast', () => {
  it.each([
    ['#000000', 0],
    ['#ffffff', 1],
    ['#fff', 1],
    ['#808080', 0.2158605],
    ['#ff0000', 0.2126],
    ['#00ff00', 0.7152],
    ['#0000ff', 0.0722],
  ])('the relative luminance of %s is %d', (color, luminance) => {
    expect(relativeLuminance(color)).toBeCloseTo(luminance, 5);
  });

  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#000000', 21],
    ['#777777', '#777777', 1],
    // The pairs issue 50 found: Mantine's dimmed greys and white on its blue.
    ['#828282', '#242424', 4.03],
    ['#868e96', '#ffffff', 3.32],
    ['#ffffff', '#228be6', 3.55],
  ])('%s on %s is %d:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 1);
  });

  it.each([
    ['#1a2b3c', [26, 43, 60]],
    ['#abc', [170, 187, 204]],
    ['rgb(1, 2, 3)', [1, 2, 3]],
    ['rgba(115, 60, 0, 1)', [115, 60, 0]],
  ])('reads %s', (color, channels) => {
    expect(colorChannels(color)).toEqual(channels);
  });

  it.each(['#12', 'red', '#gggggg', '', '#1234567', 'rgba(1, 2, 3, 0.5)', 'rgb(256, 0, 0)'])('refuses %j', (bad) => {
    expect(() => colorChannels(bad)).toThrow(/not an opaque colour/);
  });

  it.each([
    ['#ffffff', '#000000'],
    ['#4C6EF5', '#000000'],
    ['#7950F2', '#ffffff'],
    ['#1a1a1a', '#ffffff'],
  ])('on %s the readable text is %s', (background, text) => {
    expect(readableTextOn(background)).toBe(text);
  });

  it('every avatar colour has initials that reach 4.5:1', () => {
    for (const color of AVATAR_COLORS) {
      expect(contrastRatio(readableTextOn(color), color), color).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });
});
