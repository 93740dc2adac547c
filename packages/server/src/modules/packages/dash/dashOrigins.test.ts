import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { DashOrigins, dashAppId } from './dashOrigins.ts';

describe('dashAppId', () => {
  it('is a stable DNS label of lower-case hex, a different one for each package app', () => {
    const id = dashAppId('a'.repeat(24), 'board');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(dashAppId('a'.repeat(24), 'board')).toBe(id);
    expect(dashAppId('a'.repeat(24), 'Board')).not.toBe(id);
    expect(dashAppId('b'.repeat(24), 'board')).not.toBe(id);
    // The separator cannot be forged by the names themselves.
    expect(dashAppId('ab', 'c/d')).not.toBe(dashAppId('ab/c', 'd'));
  });
});

describe('DashOrigins', () => {
  const id = dashAppId('c'.repeat(24), 'board');

  it('puts each app on its own host of the pattern, and reads the app back from the Host header', () => {
    const origins = new DashOrigins('https://{app}.dash.example.com', 4000);
    expect(origins.origin(id)).toBe(`https://${id}.dash.example.com`);
    expect(origins.frameSource()).toBe('https://*.dash.example.com');
    expect(origins.appIdOfHost(`${id}.dash.example.com`)).toBe(id);
    expect(origins.appIdOfHost(`${id}.DASH.example.com:443`)).toBe(id);
    for (const host of [
      undefined,
      '',
      'dash.example.com',
      `${id}.example.com`,
      `${id}.dash.example.com.evil.test`,
      `x.${id}.dash.example.com`,
      `${id}x.dash.example.com`,
      `${id.slice(1)}.dash.example.com`,
    ]) {
      expect(origins.appIdOfHost(host), String(host)).toBeUndefined();
    }
  });

  it('defaults to <app>.localhost on the listening port, with a port in the pattern kept', () => {
    const local = new DashOrigins(undefined, 4321);
    expect(local.origin(id)).toBe(`http://${id}.localhost:4321`);
    expect(local.frameSource()).toBe('http://*.localhost:4321');
    expect(local.appIdOfHost(`${id}.localhost:4321`)).toBe(id);
    expect(local.appIdOfHost('localhost:4321')).toBeUndefined();
    expect(new DashOrigins('http://{app}.localhost:3001/', 0).origin(id)).toBe(`http://${id}.localhost:3001`);
  });
});

describe('DASH_PUBLIC_URL', () => {
  it('takes a pattern on https, or on http for .localhost names only', () => {
    for (const ok of ['https://{app}.dash.example.com', 'http://{app}.localhost:3001', 'http://{app}.dash.localhost']) {
      expect(loadConfig({ DASH_PUBLIC_URL: ok }).DASH_PUBLIC_URL, ok).toBe(ok);
    }
    expect(loadConfig({ DASH_PUBLIC_URL: '' }).DASH_PUBLIC_URL).toBeUndefined();
    for (const bad of [
      'https://dash.example.com',
      'http://{app}.dash.example.com',
      'https://dash.example.com/{app}/',
      'https://x{app}.dash.example.com',
      'https://{app}.dash.example.com/apps/',
      'https://{app}.dash.example.com?x=1',
      'javascript://{app}.localhost',
    ]) {
      expect(() => loadConfig({ DASH_PUBLIC_URL: bad }), bad).toThrow(/DASH_PUBLIC_URL: Write a pattern/);
    }
  });
});
