import { api, PAGE_ANSWERS_ATTRIBUTE } from '@tessera/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const D = '0000000000000000000000d1';
const U = '0000000000000000000000e1';
const T = '0000000000000000000000a1';
const cardAnswer = { data: [{ x: 'a', y: 1 }], series: [], features: [], pages: null, jobId: null, error: null };
const networkAnswer = { ...cardAnswer, data: [{ x: 'network', y: 2 }] };

/** Writes an answer's element into the page as the server does. */
function write(answer: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.setAttribute(PAGE_ANSWERS_ATTRIBUTE, '');
  element.textContent = answer;
  document.body.append(element);
}

/** Writes an answer into the page, then loads a fresh client module that reads it. */
async function clientWith(answer: string) {
  write(answer);
  vi.resetModules();
  return import('./client.ts');
}

const written = (body: unknown, answer: unknown = cardAnswer) =>
  JSON.stringify({ method: 'POST', url: `/api/v1/public/dashboards/${D}/units/${U}/data?tabId=${T}`, body, answer });

describe('answers the server wrote into the page', () => {
  const fetch = vi.fn();
  beforeEach(() => {
    fetch.mockReset().mockImplementation(async () => new Response(JSON.stringify(networkAnswer), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  const ask = (client: typeof import('./client.ts'), filters: unknown[]) =>
    client.call(api.getPublicUnitData, {
      params: { id: D, unitId: U },
      query: { tabId: T },
      body: { filters } as never,
    });

  it('answer the identical first request without the network, once, whatever the key order of the body', async () => {
    const filter = { _id: 'f', feature: { id: U }, type: 'value', operation: 'greater', value: 1 };
    const client = await clientWith(
      written({ filters: [{ value: 1, operation: 'greater', type: 'value', feature: { id: U }, _id: 'f' }] }),
    );
    expect(await ask(client, [filter])).toEqual(cardAnswer);
    expect(document.querySelector(`script[${PAGE_ANSWERS_ATTRIBUTE}]`)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(await ask(client, [filter])).toEqual(networkAnswer);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('leave a different request (other filters) to the network', async () => {
    const client = await clientWith(written({ filters: [] }));
    expect(await ask(client, [{ _id: 'g', feature: { id: U }, type: 'value', operation: 'less', value: 3 }])).toEqual(
      networkAnswer,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are ignored when they do not parse, or are not answers', async () => {
    for (const broken of ['{not json', JSON.stringify({ method: 'DELETE', url: '/x', answer: 1 })]) {
      const client = await clientWith(broken);
      expect(await ask(client, [])).toEqual(networkAnswer);
    }
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('are waited for while the page is still being received; what its end did not bring goes to the network', async () => {
    let state: DocumentReadyState = 'loading';
    const readyState = vi.spyOn(document, 'readyState', 'get').mockImplementation(() => state);
    try {
      vi.resetModules();
      const client = await import('./client.ts');
      const coming = ask(client, []);
      const other = ask(client, [{ _id: 'g', feature: { id: U }, type: 'value', operation: 'less', value: 3 }]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(fetch).not.toHaveBeenCalled();
      write(written({ filters: [] }));
      expect(await coming).toEqual(cardAnswer);
      expect(fetch).not.toHaveBeenCalled();
      state = 'interactive';
      document.dispatchEvent(new Event('DOMContentLoaded'));
      expect(await other).toEqual(networkAnswer);
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      readyState.mockRestore();
    }
  });

  it('still go through the contract: an answer that does not fit it is an error, not data', async () => {
    const client = await clientWith(written({ filters: [] }, { data: 'nope' }));
    await expect(ask(client, [])).rejects.toThrow();
  });
});
