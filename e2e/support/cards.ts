import { api, type DatasetDetail, type UnitType, type Vis } from '@tessera/shared';
import { callAs } from './api.ts';
import type { Tessera } from './tessera.ts';

/**
 * What the cards journey needs in place before it starts: a project, a real CSV of sales uploaded through the
 * real upload endpoint and imported by the real job, and cards whose vis is saved through `PUT /api/v1/units/:id`
 * (the mapping editor is another issue's screen).
 */

export interface SalesRow {
  region: string;
  product: string;
  date: string;
  amount: number;
  quantity: number;
}

const REGIONS = ['North', 'South', 'East', 'West'];
const PRODUCTS = ['Anvil', 'Bolt', 'Crank', 'Drill', 'Easel'];

/**
 * `count` rows of sales, deterministic: every amount is distinct (its whole part runs through 100..1099 without
 * repeating) with cents, so that a sort by amount has one answer.
 */
export function salesCsv(count: number): { text: string; rows: SalesRow[] } {
  const rows: SalesRow[] = [];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2024, 0, 1 + i));
    rows.push({
      region: REGIONS[(i * 7) % REGIONS.length] as string,
      product: PRODUCTS[(i * 3) % PRODUCTS.length] as string,
      date: day.toISOString().slice(0, 10),
      amount: 100 + ((i * 7919) % 1000) + ((i * 37) % 100) / 100,
      quantity: 1 + ((i * 13) % 20),
    });
  }
  const lines = rows.map((r) => `${r.region},${r.product},${r.date},${r.amount.toFixed(2)},${r.quantity}`);
  return { text: `region,product,date,amount,quantity\n${lines.join('\n')}\n`, rows };
}

/** Sums of `value` by `key`, computed here from the rows written to the CSV. */
export function sumBy(rows: SalesRow[], key: (r: SalesRow) => string, value: (r: SalesRow) => number) {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(key(row), (sums.get(key(row)) ?? 0) + value(row));
  return sums;
}

export interface FeatureIds {
  datasetId: string;
  region: string;
  product: string;
  date: string;
  amount: string;
  quantity: string;
}

export class CardsSetup {
  private constructor(
    private readonly app: Tessera,
    private readonly token: string,
    readonly projectId: string,
  ) {}

  static async create(app: Tessera, token: string, projectName: string): Promise<CardsSetup> {
    const project = await callAs(app, token, api.createProject, { body: { name: projectName } });
    return new CardsSetup(app, token, project._id);
  }

  /** Creates a file dataset, uploads the CSV (multipart) and waits for its import; answers its feature ids. */
  async uploadDataset(fileName: string, csv: string): Promise<FeatureIds> {
    const detail = await this.importCsv(fileName, csv);
    const id = (name: string) => {
      const feature = detail.features.find((candidate) => candidate.name === name);
      if (!feature) throw new Error(`no feature ${name} in ${detail.features.map((x) => x.name).join(', ')}`);
      return feature._id;
    };
    return {
      datasetId: detail._id,
      region: id('region'),
      product: id('product'),
      date: id('date'),
      amount: id('amount'),
      quantity: id('quantity'),
    };
  }

  /** Creates a file dataset (named `name`), uploads the CSV file (multipart) and waits for its import. */
  async importCsv(fileName: string, csv: string, name = fileName): Promise<DatasetDetail> {
    const dataset = await callAs(this.app, this.token, api.createDataset, {
      body: { type: 'file', name, projectId: this.projectId },
    });
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), fileName);
    const res = await fetch(`${this.app.url}${api.uploadDataset.path.replace(':id', dataset._id)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}` },
      body: form,
    });
    if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const detail = await callAs(this.app, this.token, api.getDataset, { params: { id: dataset._id } });
      if (detail.imported) return detail;
      if (Date.now() > deadline) throw new Error(`${fileName} was not imported within a minute`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  /** Adds a card at `box` on the tab, then names it and saves its type and vis; answers its id. */
  async addCard(
    tabId: string,
    box: { x: number; y: number; w: number; h: number },
    name: string,
    type: UnitType,
    vis: Vis,
  ): Promise<string> {
    const { unit } = await callAs(this.app, this.token, api.createUnit, {
      params: { id: tabId },
      body: { layoutItem: { ...box, moved: false, static: false } },
    });
    await callAs(this.app, this.token, api.updateUnit, {
      params: { id: unit._id },
      query: { tabId },
      body: { name, type, vis },
    });
    return unit._id;
  }
}
